import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// Browser tests run against the built web app; build it once per run when sources are newer.
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

export default function setup() {
  if (process.env.SKIP_WEB_BUILD) return;
  const built = path.resolve('web/dist/index.html');
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  if (builtAt >= newestMtime(path.resolve('web'))) return;
  // The tests run the app as users get it: a production build, whatever NODE_ENV the runner set.
  execFileSync('npm', ['run', 'build:web'], {
    stdio: 'inherit',
    timeout: 600_000,
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
