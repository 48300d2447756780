import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_NODE_FLAGS, API_PROCESS_ENV } from './spawn-api';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

/** The image's final stage, its continued lines joined and comments dropped. */
function finalStage(dockerfile: string): string[] {
  const stages = dockerfile.replace(/\\\n/g, ' ').split(/^FROM /m);
  return stages[stages.length - 1]!.split('\n').filter((line) => !line.trimStart().startsWith('#'));
}

// Tests and benchmarks start the API with spawnApi; production with the Dockerfile (or `npm
// start`). They must run the same process, or the figures measure something that does not ship.
describe('the API process settings', () => {
  it("are the image's: its CMD's V8 flags and its ENV", () => {
    const stage = finalStage(read('Dockerfile'));
    const cmd = stage.find((line) => line.startsWith('CMD '));
    expect(cmd, 'the final stage has a CMD').toBeDefined();
    const argv = JSON.parse(cmd!.slice(4).trim()) as string[];
    expect(argv.slice(0, 1 + API_NODE_FLAGS.length)).toEqual(['node', ...API_NODE_FLAGS]);
    for (const [name, value] of Object.entries(API_PROCESS_ENV))
      expect(stage).toContain(`ENV ${name}=${value}`);
  });

  it("are `npm start`'s V8 flags (its environment is the shell's)", () => {
    const start = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts
      .start;
    expect(start).toContain(`node ${API_NODE_FLAGS.join(' ')} --import tsx api/src/main.ts`);
  });
});
