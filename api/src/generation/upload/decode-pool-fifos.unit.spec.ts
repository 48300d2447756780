import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { DecodePool } from './decode-pool';

describe("the decode pool's FIFOs", () => {
  it('removes the FIFO folders of API processes that are gone, and each FIFO once its decode is answered', async () => {
    // Before this process's first pool: the folders are swept once, when it is made.
    const gone = path.join(os.tmpdir(), 'decode-fifos-4999999-left');
    await fs.mkdir(gone, { recursive: true });
    const pool = new DecodePool({ concurrency: 1, maxWaiting: 1, timeoutMs: 60_000 });
    try {
      const decode = await vi.waitFor(
        () => pool.decodeArriving() ?? Promise.reject(new Error('not yet')),
        { timeout: 20_000 },
      );
      await expect(fs.stat(gone)).rejects.toMatchObject({ code: 'ENOENT' });
      decode.write(
        await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0a6' } })
          .jpeg()
          .toBuffer(),
      );
      decode.end();
      await expect(decode.result).resolves.toMatchObject({ width: 640, height: 480 });
      const [own] = (await fs.readdir(os.tmpdir())).filter((name) =>
        name.startsWith(`decode-fifos-${process.pid}-`),
      );
      await expect.poll(() => fs.readdir(path.join(os.tmpdir(), own!))).toEqual([]);
    } finally {
      await pool.close();
    }
  });
  it('makes its FIFO folder again when something else removed it (a tmp cleaner)', async () => {
    const pool = new DecodePool({ concurrency: 1, maxWaiting: 1, timeoutMs: 60_000 });
    try {
      const first = await vi.waitFor(
        () => pool.decodeArriving() ?? Promise.reject(new Error('not yet')),
        { timeout: 20_000 },
      );
      first.abandon();
      await first.result;
      const own = () =>
        fs
          .readdir(os.tmpdir())
          .then((names) => names.filter((name) => name.startsWith(`decode-fifos-${process.pid}-`)));
      for (const name of await own())
        await fs.rm(path.join(os.tmpdir(), name), { recursive: true, force: true });
      const decode = pool.decodeArriving();
      expect(decode).not.toBeNull();
      decode!.write(
        await sharp({ create: { width: 320, height: 240, channels: 3, background: '#a0c' } })
          .jpeg()
          .toBuffer(),
      );
      decode!.end();
      await expect(decode!.result).resolves.toMatchObject({ width: 320, height: 240 });
      expect(await own()).toHaveLength(1);
    } finally {
      await pool.close();
    }
  });
});
