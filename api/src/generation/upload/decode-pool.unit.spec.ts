import fs from 'node:fs/promises';
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

  it('refuses bytes that do not decode, and the next upload still works', async () => {
    const photo = await fs.readFile(fixturePhoto('chelsea.png'));
    await expect(pool.decode(photo.subarray(0, photo.length / 3))).rejects.toMatchObject({
      code: 'UPLOAD_UNREADABLE',
    });
    await expect(pool.decode(photo)).resolves.toMatchObject({ width: expect.any(Number) });
  });
});
