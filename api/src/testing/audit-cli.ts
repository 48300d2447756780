import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * `npm run admin -- audit` as an operator runs it, with this environment (DATABASE_URL, or the
 * DATA_DIR of an embedded API, which the CLI then asks). Answers the exit code and the output.
 */
export async function auditCli(env: Record<string, string>) {
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'api/src/cli/admin.ts', 'audit'],
      { cwd: repoRoot, env: { ...process.env, ...env }, timeout: 60_000 },
    );
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout + failed.stderr };
  }
}
