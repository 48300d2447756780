import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath } from '../../api/src/testing/browser';
import { freePort } from '../../api/src/testing/spawn-api';

/** The flags of api/src/testing/browser.ts, for a Chromium we launch ourselves. */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface DebuggableChromium {
  readonly port: number;
  close(): Promise<void>;
}

/** Debian's Chromium with a remote-debugging port, for Lighthouse (no chrome-launcher). */
export async function launchDebuggableChromium(): Promise<DebuggableChromium> {
  const port = await freePort();
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-web-chromium-'));
  const child: ChildProcess = spawn(
    chromiumPath(),
    [...FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`chromium exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('chromium did not open its debugging port');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await fs.rm(profile, { recursive: true, force: true });
    },
  };
}
