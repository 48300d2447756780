import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePhoto } from '../../testing/fixtures';
import { DecodePool } from './decode-pool';
import { decodePhoto } from './sanitize-upload';

describe('decode pool', () => {
  const pool = new DecodePool({ concurrency: 2, maxWaiting: 4, timeoutMs: 60_000 });
  afterAll(() => pool.close());

  it('answers each upload with its own working JPEG, the same as decoding in this process', async () => {
    const astronaut = await sharp(await fs.readFile(fixturePhoto('astronaut.png')))
      .jpeg({ quality: 95 })
      .toBuffer();
    const chelsea = await fs.readFile(fixturePhoto('chelsea.png'));
    const [first, second, third] = await Promise.all([
      pool.decode(astronaut),
      pool.decode(chelsea),
      pool.decode(astronaut),
    ]);
    const local = await decodePhoto(chelsea);
    expect(second!.data.equals(local.data)).toBe(true);
    expect({ width: second!.width, height: second!.height }).toEqual({
      width: local.width,
      height: local.height,
    });
    expect(first!.data.equals(third!.data)).toBe(true);
    expect((await sharp(first!.data).metadata()).format).toBe('jpeg');
  });

  it('decodes an upload from the file it was written to, the same as from its bytes', async () => {
    const bytes = await fs.readFile(fixturePhoto('chelsea.png'));
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'decode-pool-'));
    try {
      const file = path.join(folder, 'upload');
      await fs.writeFile(file, bytes);
      const [fromFile, fromBytes] = await Promise.all([
        pool.decode({ path: file }),
        pool.decode(bytes),
      ]);
      expect(fromFile.data.equals(fromBytes.data)).toBe(true);
      await fs.writeFile(file, bytes.subarray(0, bytes.length / 3));
      await expect(pool.decode({ path: file })).rejects.toMatchObject({
        code: 'UPLOAD_UNREADABLE',
      });
      await expect(pool.decode({ path: path.join(folder, 'gone') })).rejects.toMatchObject({
        code: 'UPLOAD_UNREADABLE',
      });
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  });

  it('reads the dimensions itself: a file with too many pixels is refused as such, from its header', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'decode-pool-'));
    try {
      const file = path.join(folder, 'upload');
      await fs.copyFile(new URL('./fixtures/pixel-bomb-20000x20000.png', import.meta.url), file);
      const started = performance.now();
      await expect(pool.decode({ path: file })).rejects.toMatchObject({
        code: 'UPLOAD_TOO_MANY_PIXELS',
        status: 413,
      });
      expect(performance.now() - started).toBeLessThan(5_000); // decoding 400 MP would take far longer
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  });

  it('refuses bytes that do not decode, and the next upload still works', async () => {
    const photo = await fs.readFile(fixturePhoto('chelsea.png'));
    await expect(pool.decode(photo.subarray(0, photo.length / 3))).rejects.toMatchObject({
      code: 'UPLOAD_UNREADABLE',
    });
    await expect(pool.decode(photo)).resolves.toMatchObject({ width: expect.any(Number) });
  });
});

/** Each thread's niceness in a process, from /proc (field 19 of a task's stat). */
async function threadNiceness(pid: number): Promise<number[]> {
  const tasks = await fs.readdir(`/proc/${pid}/task`);
  return Promise.all(
    tasks.map(async (task) => {
      const stat = await fs.readFile(`/proc/${pid}/task/${task}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    }),
  );
}

/** The decode processes this process started, from /proc. */
async function decodeProcesses(): Promise<number[]> {
  const tasks = await fs.readdir(`/proc/${process.pid}/task`);
  const children = (
    await Promise.all(
      tasks.map((task) =>
        fs.readFile(`/proc/${process.pid}/task/${task}/children`, 'utf8').catch(() => ''),
      ),
    )
  ).flatMap((list) => list.trim().split(/\s+/).filter(Boolean).map(Number));
  const decoders = await Promise.all(
    children.map(async (pid) =>
      (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).includes('decode-worker')
        ? pid
        : null,
    ),
  );
  return decoders.filter((pid): pid is number => pid !== null);
}

describe.runIf(process.platform === 'linux')('decode process priority', () => {
  const pool = new DecodePool({ concurrency: 1, maxWaiting: 1, timeoutMs: 60_000 });
  afterAll(() => pool.close());

  it("runs every thread at the API's priority, so no step of a decode waits behind the rest of the machine", async () => {
    const photo = await fs.readFile(fixturePhoto('chelsea.png'));
    await pool.decode(photo);
    const decoders = await decodeProcesses();
    expect(decoders.length).toBeGreaterThan(0);
    const ours = (await threadNiceness(process.pid))[0]!;
    for (const decoder of decoders) {
      const theirs = await threadNiceness(decoder);
      expect(theirs.length).toBeGreaterThan(1);
      expect(new Set(theirs)).toEqual(new Set([ours]));
    }
  });
});
