import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Gift codes: 80 random bits written as 16 Crockford base32 symbols in groups of four
 * (`7K3M-Q9TB-2XWD-H4RN`), easy to read aloud and type (no I, L, O or U; lookalikes are read as
 * the digits they resemble). Only a hash is stored for lookup; the code itself is kept encrypted,
 * so the buyer can read it again on the gift card page and in `GET /api/gifts`.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const SYMBOLS = 16;
const CODE_BYTES = 10;

export function newGiftCode(): string {
  const bytes = randomBytes(CODE_BYTES);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let symbols = '';
  for (let i = SYMBOLS - 1; i >= 0; i--) symbols += ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return groupCode(symbols);
}

const groupCode = (symbols: string) => symbols.match(/.{4}/g)!.join('-');

/** The code as typed (any case, spaces or dashes, lookalike letters) in its one canonical form; null if it cannot be a code. */
export function normalizeGiftCode(typed: string): string | null {
  const symbols = typed
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (symbols.length !== SYMBOLS || [...symbols].some((c) => !ALPHABET.includes(c))) return null;
  return groupCode(symbols);
}

export const giftCodeHash = (normalizedCode: string) =>
  createHash('sha256').update(normalizedCode).digest('hex');

/** AES-256-GCM under a key derived from the server's gift-code secret. */
export class GiftCodeVault {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(`gift-codes:${secret}`).digest();
  }

  seal(code: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), sealed]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || !body)
      throw new Error('Unknown sealed gift code format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }
}
