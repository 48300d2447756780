import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_NODE_FLAGS, API_PROCESS_ENV } from './spawn-api';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

// Tests and benchmarks start the API with spawnApi; production with the Dockerfile or `npm start`.
// All three must run the same process, or the figures measure something that does not ship.
describe('the API process settings', () => {
  it("are the Dockerfile's: its CMD's V8 flags and its ENV", () => {
    const dockerfile = read('Dockerfile');
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
    expect(cmd.slice(1, 1 + API_NODE_FLAGS.length)).toEqual(API_NODE_FLAGS);
    for (const [name, value] of Object.entries(API_PROCESS_ENV))
      expect(dockerfile).toMatch(new RegExp(`^ENV ${name}=${value}$`, 'm'));
  });

  it("are `npm start`'s", () => {
    const start = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts
      .start;
    const env = Object.entries(API_PROCESS_ENV).map(([name, value]) => `${name}=${value}`);
    expect(start).toContain(`${env.join(' ')} node ${API_NODE_FLAGS.join(' ')} --import tsx`);
  });
});
