import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Account, E2eSession } from './e2e-session';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

/**
 * Gives an account a staff role the way an operator would: with DATABASE_URL the e2e database
 * is reachable through the server's pool; embedded, the admin CLI talks to the running server
 * through its data folder.
 */
export async function grantRole(
  session: E2eSession,
  account: Account,
  role: 'support' | 'finance' | 'admin',
) {
  const pool = session.server.pool;
  if (pool) {
    await pool.query(
      'UPDATE users SET roles = array_append(roles, $2) WHERE lower(email) = lower($1)',
      [account.email, role],
    );
    return;
  }
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: session.server.dataDir };
  delete env.DATABASE_URL;
  await run(
    process.execPath,
    ['--import', 'tsx', 'api/src/cli/admin.ts', 'set-role', account.email, role],
    { cwd: repoRoot, env },
  );
}
