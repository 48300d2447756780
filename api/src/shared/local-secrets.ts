import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Secrets the embedded mode needs but nobody configured (the local webhook secret): generated once
 * and kept in the data folder, never in the repository. Production sets them in the environment.
 */
export async function localSecret(dataDir: string, name: string, prefix = ''): Promise<string> {
  const file = path.join(dataDir, 'secrets.json');
  let secrets: Record<string, string> = {};
  try {
    secrets = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, string>;
  } catch {
    // first run
  }
  if (!secrets[name]) {
    secrets[name] = `${prefix}${randomBytes(24).toString('hex')}`;
    await fs.mkdir(dataDir, { recursive: true });
    await fs.writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets[name]!;
}
