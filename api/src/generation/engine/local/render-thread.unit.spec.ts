import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { renderLocal, UnreadablePhotoError } from './render';
import { RenderThread, RenderThreadStoppedError } from './render-thread';

const FIXTURES = new URL('../../../../../fixtures/photos/', import.meta.url);
const astronaut = readFileSync(new URL('astronaut.png', FIXTURES));

describe('RenderThread', () => {
  const thread = new RenderThread();
  afterAll(() => thread.close());

  it('renders the same bytes as renderLocal in this thread', async () => {
    const request = { style: 'ghibli', photo: astronaut, prompt: 'at the beach', seed: 7 } as const;
    const [there, here] = await Promise.all([thread.render(request), renderLocal(request)]);
    expect(Buffer.isBuffer(there)).toBe(true);
    expect(there.equals(here)).toBe(true);
    // The caller's photo is copied, not handed over: it stays readable (the pipeline stores it too).
    expect(astronaut.length).toBeGreaterThan(0);
  }, 120_000);

  it('answers an undecodable photo with UnreadablePhotoError', async () => {
    await expect(
      thread.render({ style: 'anime', photo: Buffer.from('definitely not an image') }),
    ).rejects.toBeInstanceOf(UnreadablePhotoError);
  }, 60_000);

  it('stops a render when its signal aborts', async () => {
    const controller = new AbortController();
    const rendering = thread.render({
      style: 'pixar',
      photo: astronaut,
      signal: controller.signal,
    });
    controller.abort();
    await expect(rendering).rejects.toThrow();
    await expect(
      thread.render({ style: 'pixar', photo: astronaut, signal: controller.signal }),
    ).rejects.toThrow();
  }, 60_000);

  it('fails the renders of a thread that stopped, and starts another for the next', async () => {
    const rendering = thread.render({ style: 'chibi', photo: astronaut });
    await thread.close();
    await expect(rendering).rejects.toBeInstanceOf(RenderThreadStoppedError);
    const png = await thread.render({ style: 'chibi', photo: astronaut });
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  }, 120_000);

  it('does not keep the process alive once idle (the admin CLI ends without closing it)', () => {
    // Started (models loading) but never asked to render, as in the admin CLI.
    const script = `
      import { RenderThread } from ${JSON.stringify(new URL('./render-thread.ts', import.meta.url).href)};
      new RenderThread().start();
      console.log('started');
    `;
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(child.stdout.trim()).toBe('started');
    expect(child.signal).toBeNull();
    expect(child.status).toBe(0);
  }, 90_000);
});
