import { hash, verify, type Algorithm } from '@node-rs/argon2';

// argon2id with OWASP's recommended minimum (19 MiB, 2 iterations, 1 lane).
const ARGON2ID = 2 as Algorithm; // the package ships a const enum, which isolated modules cannot read
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when the email is unknown, so both failures take the same time.
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string) {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
}
