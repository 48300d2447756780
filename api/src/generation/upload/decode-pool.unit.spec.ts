import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { setTimeout } from 'node:timers/promises';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { fixturePhoto } from '../../testing/fixtures';
import { pathologicalPng } from '../../testing/pathological-png';
import { DecodePool, type ArrivingDecode, type DecodePoolOptions } from './decode-pool';
import { processCpuTimeMs } from './process-cpu-time';
import { decodePhoto } from './sanitize-upload';

describe('decode pool', () => {
  const pool = new DecodePool({ concurrency: 2, maxWaiting: 4, timeoutMs: 60_000 });
  afterAll(() => pool.close());

  it('gives up a decode process that is not ready in time: the decode waiting for it fails', async () => {
    const slow = new DecodePool({
      concurrency: 1,
      maxWaiting: 1,
      timeoutMs: 60_000,
      startTimeoutMs: 50,
    });
    try {
      const bytes = await sharp({
        create: { width: 64, height: 64, channels: 3, background: '#0a6' },
      })
        .jpeg()
        .toBuffer();
      await expect(slow.decode(bytes)).rejects.toThrow(/before it was ready/);
    } finally {
      await slow.close();
    }
  });

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

describe('decode pool, an upload still arriving', () => {
  const pieces = (bytes: Buffer, size = 64 * 1024) =>
    Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
      bytes.subarray(i * size, (i + 1) * size),
    );
  const arrive = async (decode: ArrivingDecode, bytes: Buffer) => {
    for (const piece of pieces(bytes)) {
      decode.write(piece);
      await setTimeout(1);
    }
    decode.end();
    return decode.result;
  };
  const startedPool = async (options: Partial<DecodePoolOptions> = {}) => {
    const pool = new DecodePool({ concurrency: 1, maxWaiting: 4, timeoutMs: 60_000, ...options });
    // The first call only learns, by starting a process, whether it can read arriving bytes.
    expect(pool.decodeArriving()).toBeNull();
    const probe = await vi.waitFor(
      () => pool.decodeArriving() ?? Promise.reject(new Error('not yet')),
      {
        timeout: 20_000,
      },
    );
    probe.abandon();
    await probe.result.catch(() => undefined);
    return pool;
  };
  const photo = async (width = 4000, height = 3000, orientation = 6) =>
    sharp({ create: { width, height, channels: 3, background: '#a0c' } })
      .composite([{ input: await fs.readFile(fixturePhoto('chelsea.png')), gravity: 'northwest' }])
      .jpeg({ quality: 90 })
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .withMetadata({ orientation })
      .toBuffer();

  it.each([
    { orientation: 6, size: [768, 1024], path: 'turned after a full decode' },
    { orientation: 1, size: [1024, 768], path: 'streamed from loader to encoder' },
  ])(
    'decodes the bytes as they come ($path): oriented, at the working size, every metadata block dropped, like a decode of the whole file',
    async ({ orientation, size }) => {
      const pool = await startedPool();
      try {
        const bytes = await photo(4000, 3000, orientation);
        const decode = pool.decodeArriving();
        expect(decode).not.toBeNull();
        const arrived = (await arrive(decode!, bytes))!;
        const whole = await decodePhoto(bytes);
        expect([arrived.width, arrived.height]).toEqual(size);
        expect([arrived.width, arrived.height]).toEqual([whole.width, whole.height]);
        const metadata = await sharp(arrived.data).metadata();
        expect(metadata.format).toBe('jpeg');
        expect(metadata.exif).toBeUndefined();
        expect(metadata.xmp).toBeUndefined();
        expect(arrived.data.includes(Buffer.from('PhoneMaker'))).toBe(false);
        // The same picture: each channel's mean within 2 of the whole-file decode's.
        const [ours, theirs] = await Promise.all(
          [arrived.data, whole.data].map(async (data) => (await sharp(data).stats()).channels),
        );
        ours!.forEach((channel, index) =>
          expect(Math.abs(channel.mean - theirs![index]!.mean)).toBeLessThan(2),
        );
        expect(pool.startedArriving).toBeGreaterThanOrEqual(1);
      } finally {
        await pool.close();
      }
    },
  );

  it('refuses too many pixels from the header, and bytes that do not decode', async () => {
    const pool = await startedPool();
    try {
      const bomb = await fs.readFile(
        new URL('./fixtures/pixel-bomb-20000x20000.png', import.meta.url),
      );
      await expect(arrive(pool.decodeArriving()!, bomb)).rejects.toMatchObject({
        code: 'UPLOAD_TOO_MANY_PIXELS',
      });
      const bytes = await photo(1200, 900);
      await expect(
        arrive(pool.decodeArriving()!, bytes.subarray(0, bytes.length / 2)),
      ).rejects.toMatchObject({
        code: 'UPLOAD_UNREADABLE',
      });
      await expect(arrive(pool.decodeArriving()!, bytes)).resolves.toMatchObject({
        width: 768,
        height: 1024,
      });
      // An upright photo streams from the loader to the encoder: cut short, it fails there.
      const upright = await photo(1200, 900, 1);
      await expect(
        arrive(pool.decodeArriving()!, upright.subarray(0, upright.length / 2)),
      ).rejects.toMatchObject({ code: 'UPLOAD_UNREADABLE' });
      await expect(arrive(pool.decodeArriving()!, upright)).resolves.toMatchObject({
        width: 1024,
        height: 768,
      });
    } finally {
      await pool.close();
    }
  });

  it('makes an sRGB picture of a Display P3 photo (as the whole-file decode) and of a CMYK one', async () => {
    const pool = await startedPool();
    try {
      const source = await sharp(await fs.readFile(fixturePhoto('chelsea.png')))
        .resize(1400)
        .toBuffer();
      const means = async (data: Buffer) =>
        (await sharp(data).stats()).channels.map((channel) => channel.mean);
      const expectClose = (ours: number[], theirs: number[], within: number) => {
        expect(ours).toHaveLength(3);
        ours.forEach((mean, index) => expect(Math.abs(mean - theirs[index]!)).toBeLessThan(within));
      };
      const wideGamut = await sharp(source).withIccProfile('p3').jpeg({ quality: 92 }).toBuffer();
      const fromWide = (await arrive(pool.decodeArriving()!, wideGamut))!;
      expect((await sharp(fromWide.data).metadata()).space).toBe('srgb');
      expectClose(await means(fromWide.data), await means((await decodePhoto(wideGamut)).data), 2);
      // No profile: libvips' own CMYK profile brings it back near the photo it was made from.
      // (sharp's whole-file decode drifts here, blue 17 lower, so it is not the reference.)
      const cmyk = await sharp(source).toColourspace('cmyk').jpeg({ quality: 92 }).toBuffer();
      expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
      const fromCmyk = (await arrive(pool.decodeArriving()!, cmyk))!;
      expect((await sharp(fromCmyk.data).metadata()).space).toBe('srgb');
      expectClose(await means(fromCmyk.data), await means(source), 6);
    } finally {
      await pool.close();
    }
  });

  it('makes the same working JPEG as the whole-file decode of a grey photo, a transparent PNG, 16-bit PNGs and a WebP', async () => {
    const pool = await startedPool();
    try {
      const chelsea = await fs.readFile(fixturePhoto('chelsea.png'));
      const colour = sharp(chelsea).resize(1600, 1200, { fit: 'fill' });
      // Transparent pixels whose colour is a loud red: resized without premultiplied alpha, the
      // red bleeds into the edges of the opaque subject.
      const { data: rgb, info } = await colour.clone().raw().toBuffer({ resolveWithObject: true });
      const rgba = Buffer.alloc(info.width * info.height * 4);
      for (let i = 0; i < info.width * info.height; i++) {
        const x = i % info.width;
        const y = Math.floor(i / info.width);
        const inside = Math.hypot(x - 800, y - 600) < 450;
        rgba.set(inside ? rgb.subarray(i * 3, i * 3 + 3) : [255, 0, 0], i * 4);
        rgba[i * 4 + 3] = inside ? 255 : 0;
      }
      const raw = { raw: { width: info.width, height: info.height, channels: 4 as const } };
      const uploads = {
        'grey JPEG': await colour
          .clone()
          .greyscale()
          .toColourspace('b-w')
          .jpeg({ quality: 92 })
          .toBuffer(),
        'transparent PNG': await sharp(rgba, raw).png().toBuffer(),
        '16-bit PNG': await colour.clone().toColourspace('rgb16').png().toBuffer(),
        '16-bit grey PNG': await colour.clone().toColourspace('grey16').png().toBuffer(),
        'transparent WebP': await sharp(rgba, raw).webp({ lossless: true }).toBuffer(),
      };
      const pixels = async (data: Buffer) =>
        (await sharp(data).raw().toBuffer({ resolveWithObject: true })).data;
      for (const [name, bytes] of Object.entries(uploads)) {
        const arrived = (await arrive(pool.decodeArriving()!, bytes))!;
        const whole = await decodePhoto(bytes);
        const { channels, space } = await sharp(arrived.data).metadata();
        expect({ name, size: [arrived.width, arrived.height], channels, space }).toEqual({
          name,
          size: [whole.width, whole.height],
          channels: 3,
          space: 'srgb',
        });
        const [ours, theirs] = await Promise.all([pixels(arrived.data), pixels(whole.data)]);
        let apart = 0;
        for (let i = 0; i < ours.length; i++) if (Math.abs(ours[i]! - theirs[i]!) > 24) apart++;
        // Pixel for pixel the same, but for a WebP, which sharp loads its own way (16 values of
        // 2.4 million more than 24 levels apart); without premultiplied alpha the transparent
        // PNG's edges were 65 apart, the WebP's 509.
        expect({ name, apart: apart / ours.length }).toEqual({
          name,
          apart: name.includes('WebP') ? expect.any(Number) : 0,
        });
        expect(apart / ours.length).toBeLessThan(1e-5);
      }
    } finally {
      await pool.close();
    }
  });

  it('stops a decode still busy half a second after its upload is given up, before or after its last byte', async () => {
    const pool = await startedPool();
    try {
      const bomb = pathologicalPng(); // seconds of decoding, under the pixel limit
      for (const lastByte of ['held back', 'sent'] as const) {
        const busy = pool.decodeArriving()!;
        busy.write(bomb.subarray(0, bomb.length - 1));
        if (lastByte === 'sent') {
          busy.write(bomb.subarray(bomb.length - 1));
          busy.end();
        }
        await setTimeout(300);
        const abandonedAt = performance.now();
        busy.abandon();
        // Killed at the end of its grace, and nothing to show: the upload is not decoded from it.
        await expect(busy.result).resolves.toBeNull();
        const waited = performance.now() - abandonedAt;
        expect(waited).toBeGreaterThan(400);
        expect(waited).toBeLessThan(2_000);
        // Its process was replaced: the next upload goes through.
        await expect(pool.decode(await photo(1200, 900))).resolves.toMatchObject({ width: 768 });
      }
    } finally {
      await pool.close();
    }
  });

  it('takes only an idle process, and gives it up at once to a decode that would wait, or when abandoned', async () => {
    const pool = await startedPool();
    try {
      const bytes = await photo(1200, 900);
      const waiting = pool.decodeArriving()!;
      waiting.write(bytes.subarray(0, 4096));
      // Its one process is reading an arriving upload: nothing else is started beside it.
      expect(pool.decodeArriving()).toBeNull();
      const started = performance.now();
      // The time limit is a minute: a process killed and restarted would show here.
      await expect(pool.decode(bytes)).resolves.toMatchObject({ width: 768, height: 1024 });
      // Abandoned: it answers null, and the upload is decoded from its file instead.
      await expect(waiting.result).resolves.toBeNull();
      const abandoned = pool.decodeArriving()!;
      abandoned.write(bytes.subarray(0, bytes.length / 2));
      abandoned.abandon();
      await expect(abandoned.result).resolves.toBeNull();
      await expect(arrive(pool.decodeArriving()!, bytes)).resolves.toMatchObject({
        width: 768,
        height: 1024,
      });
      expect(performance.now() - started).toBeLessThan(20_000);
    } finally {
      await pool.close();
    }
  });

  it('gives up only the arriving upload least far along, one per decode that waits, and none for a decode refused', async () => {
    const bytes = await photo(1200, 900);
    const full = await startedPool({ maxWaiting: 0 });
    try {
      const reading = full.decodeArriving()!;
      reading.write(bytes.subarray(0, 4096));
      await expect(full.decode(bytes)).rejects.toMatchObject({ code: 'SERVER_BUSY' });
      // Its process was not taken for a decode that was refused anyway: the rest comes, it answers.
      reading.write(bytes.subarray(4096));
      reading.end();
      await expect(reading.result).resolves.toMatchObject({ width: 768, height: 1024 });
    } finally {
      await full.close();
    }
    const pool = await startedPool({ concurrency: 2 });
    try {
      const ahead = pool.decodeArriving()!;
      ahead.write(bytes.subarray(0, 256 * 1024));
      const behind = pool.decodeArriving()!;
      behind.write(bytes.subarray(0, 4096));
      await expect(pool.decode(bytes)).resolves.toMatchObject({ width: 768, height: 1024 });
      await expect(behind.result).resolves.toBeNull();
      ahead.write(bytes.subarray(256 * 1024));
      ahead.end();
      await expect(ahead.result).resolves.toMatchObject({ width: 768, height: 1024 });
    } finally {
      await pool.close();
    }
  });

  it('counts the CPU an arriving decode used before its last byte against its time limit', async () => {
    const pool = await startedPool({ timeoutMs: 2_000 });
    try {
      const cpuOfDecoders = async () =>
        (await decodeProcesses()).reduce((sum, pid) => sum + (processCpuTimeMs(pid) ?? 0), 0);
      const bomb = pathologicalPng(); // about 5 s of CPU to decode
      const before = await cpuOfDecoders();
      const slow = pool.decodeArriving()!;
      // All but the last byte: the process decodes what it has, for 1.2 s of CPU.
      slow.write(bomb.subarray(0, bomb.length - 1));
      await vi.waitFor(
        async () => expect((await cpuOfDecoders()) - before).toBeGreaterThanOrEqual(1_200),
        { timeout: 30_000, interval: 50 },
      );
      slow.write(bomb.subarray(bomb.length - 1));
      const lastByteAt = performance.now();
      slow.end();
      await expect(slow.result).rejects.toMatchObject({ code: 'UPLOAD_TOO_SLOW' });
      // At most 0.8 s of its 2 were left, not the whole limit again.
      expect(performance.now() - lastByteAt).toBeLessThan(1_500);
    } finally {
      await pool.close();
    }
  });

  it('lets go of an upload that takes longer than its arrival limit to come in', async () => {
    const pool = await startedPool({ arrivalLimitMs: 300 });
    try {
      const bytes = await photo(1200, 900);
      const slow = pool.decodeArriving()!;
      slow.write(bytes.subarray(0, 4096));
      await expect(slow.result).resolves.toBeNull();
      await expect(arrive(pool.decodeArriving()!, bytes)).resolves.toMatchObject({
        width: 768,
        height: 1024,
      });
    } finally {
      await pool.close();
    }
  });
});
