import fs from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  detectImageType,
  sanitizeUpload,
} from './sanitize-upload';
import { fixturePhoto } from '../../testing/fixtures';

const photo = () => fs.readFile(fixturePhoto('astronaut.png'));

async function rejection(bytes: Buffer | null) {
  try {
    await sanitizeUpload(bytes);
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a rejection');
}

describe('upload checks', () => {
  it('recognises JPEG, PNG and WEBP by their bytes only', async () => {
    const png = await photo();
    expect(detectImageType(png)).toBe('png');
    expect(detectImageType(await sharp(png).jpeg().toBuffer())).toBe('jpeg');
    expect(detectImageType(await sharp(png).webp().toBuffer())).toBe('webp');
    expect(detectImageType(Buffer.from('<html><body>hi</body></html>'))).toBeNull();
    expect(detectImageType(await sharp(png).gif().toBuffer())).toBeNull();
  });

  it.each([
    ['missing', null, UPLOAD_MESSAGES.missing, 400],
    ['empty', Buffer.alloc(0), UPLOAD_MESSAGES.empty, 400],
    [
      'text',
      Buffer.from('just some text pretending to be a png'),
      UPLOAD_MESSAGES.unsupported,
      415,
    ],
    [
      'html',
      Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
      UPLOAD_MESSAGES.unsupported,
      415,
    ],
    [
      'over 10 MB',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(MAX_UPLOAD_BYTES)]),
      UPLOAD_MESSAGES.tooLarge,
      413,
    ],
  ])('rejects %s with its own message', async (_label, bytes, message, status) => {
    const error = await rejection(bytes);
    expect(error).toBeInstanceOf(AppError);
    expect(error.message).toBe(message);
    expect(error.status).toBe(status);
  });

  it('rejects a truncated JPEG', async () => {
    const jpeg = await sharp(await photo())
      .jpeg()
      .toBuffer();
    const error = await rejection(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect(error.message).toBe(UPLOAD_MESSAGES.unreadable);
  });

  it('rejects a 20,000 × 20,000 PNG from its header, before decoding it', async () => {
    const bomb = await fs.readFile(
      new URL('./fixtures/pixel-bomb-20000x20000.png', import.meta.url),
    );
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 20_000,
      height: 20_000,
      format: 'png',
    });
    expect(bomb.length).toBeLessThan(MAX_UPLOAD_BYTES);
    const started = performance.now();
    const error = await rejection(bomb);
    expect(error.message).toBe(UPLOAD_MESSAGES.tooManyPixels);
    expect(performance.now() - started).toBeLessThan(5_000); // decoding 400 MP would take far longer
  });

  it('leaves an uploaded file to its decoder: the API does not open it to read the header again', async () => {
    const decoded = { data: Buffer.from('working jpeg'), width: 4, height: 3 };
    const opened: string[] = [];
    // A path nothing can open: only the decoder may read it (in the API, the decode process does).
    const upload = {
      path: '/nonexistent/upload',
      size: 5_000,
      head: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      discard: async () => undefined,
    };
    const sanitized = await sanitizeUpload(upload, async (source) => {
      opened.push((source as { path: string }).path);
      return decoded;
    });
    expect(opened).toEqual(['/nonexistent/upload']);
    expect(sanitized).toMatchObject({ ...decoded, originalType: 'jpeg' });
  });

  it('strips EXIF and GPS, honours orientation, and bounds the working size', async () => {
    const withGps = await sharp(await photo())
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const clean = await sanitizeUpload(withGps);
    const metadata = await sharp(clean.data).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(clean.data.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect([clean.width, clean.height]).toEqual([512, 512]);

    const big = await sharp({
      create: { width: 4000, height: 3000, channels: 3, background: '#a0c' },
    })
      .jpeg()
      .toBuffer();
    const resized = await sanitizeUpload(big);
    expect([resized.width, resized.height]).toEqual([1024, 768]);
  });
});
