import { describe, expect, it } from 'vitest';
import type { ArrivingDecode } from './decode-pool';
import { DecodeWhileArriving } from './decode-while-arriving';

const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

/** An ArrivingDecode that records what reached it. */
function recordingDecode() {
  const received: Buffer[] = [];
  const decode = {
    received,
    ended: false,
    abandoned: false,
    write: (chunk: Buffer) => void received.push(chunk),
    end: () => void (decode.ended = true),
    abandon: () => void (decode.abandoned = true),
    result: Promise.resolve({ data: Buffer.from('working jpeg'), width: 1, height: 1 }),
  } satisfies ArrivingDecode & Record<string, unknown>;
  return decode;
}

const deferred = () => {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => ((resolve = yes), (reject = no)));
  promise.catch(() => undefined);
  return { promise, resolve, reject };
};

describe('decoding an upload while it arrives', () => {
  it('starts only once the account check allows it, then hands over every byte in order', async () => {
    const allowed = deferred();
    const decode = recordingDecode();
    let starts = 0;
    const whileArriving = new DecodeWhileArriving(() => (starts++, decode), allowed.promise);
    whileArriving.write(JPEG_START);
    whileArriving.write(Buffer.from('more'));
    await Promise.resolve();
    expect(starts).toBe(0);
    allowed.resolve();
    await allowed.promise;
    await Promise.resolve();
    expect(starts).toBe(1);
    whileArriving.write(Buffer.from('last'));
    whileArriving.end();
    expect(Buffer.concat(decode.received).toString('latin1')).toBe(
      Buffer.concat([JPEG_START, Buffer.from('morelast')]).toString('latin1'),
    );
    expect(decode.ended).toBe(true);
    await expect(whileArriving.result()).resolves.toMatchObject({ width: 1 });
  });

  it('never starts for an account that may not generate, or for bytes that are not an image', async () => {
    let starts = 0;
    const start = () => (starts++, recordingDecode());
    const refused = deferred();
    const noCredits = new DecodeWhileArriving(start, refused.promise);
    refused.reject(new Error('INSUFFICIENT_CREDITS'));
    noCredits.write(JPEG_START);
    noCredits.end();
    const notAnImage = new DecodeWhileArriving(start, Promise.resolve());
    notAnImage.write(Buffer.from('%PDF-1.7 not a photo'));
    notAnImage.end();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(starts).toBe(0);
    await expect(noCredits.result()).resolves.toBeNull();
    await expect(notAnImage.result()).resolves.toBeNull();
  });

  it('leaves the upload to be decoded from its file when no process is free, when it is in before the check, or when it fails', async () => {
    const noProcess = new DecodeWhileArriving(() => null, Promise.resolve());
    noProcess.write(JPEG_START);
    await new Promise((resolve) => setTimeout(resolve, 10));
    noProcess.end();
    await expect(noProcess.result()).resolves.toBeNull();

    const slowCheck = deferred();
    let starts = 0;
    const inFirst = new DecodeWhileArriving(() => (starts++, recordingDecode()), slowCheck.promise);
    inFirst.write(JPEG_START);
    inFirst.end();
    slowCheck.resolve();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(starts).toBe(0);
    await expect(inFirst.result()).resolves.toBeNull();

    const decode = recordingDecode();
    const failed = new DecodeWhileArriving(() => decode, Promise.resolve());
    await Promise.resolve();
    failed.write(JPEG_START);
    failed.abandon();
    expect(decode.abandoned).toBe(true);
  });

  it('stops for a request refused before it asked for the result, not after, and never holds more than 2 MB waiting', async () => {
    const refused = recordingDecode();
    const beforeAsking = new DecodeWhileArriving(() => refused, Promise.resolve());
    await Promise.resolve();
    beforeAsking.write(JPEG_START);
    beforeAsking.end();
    beforeAsking.abandon();
    expect(refused.abandoned).toBe(true);

    const wanted = recordingDecode();
    const asked = new DecodeWhileArriving(() => wanted, Promise.resolve());
    await Promise.resolve();
    asked.write(JPEG_START);
    asked.end();
    await expect(asked.result()).resolves.toMatchObject({ width: 1 });
    asked.abandon(); // the route's clean-up after the answer
    expect(wanted.abandoned).toBe(false);

    let starts = 0;
    const slowCheck = deferred();
    const flooded = new DecodeWhileArriving(() => (starts++, recordingDecode()), slowCheck.promise);
    flooded.write(JPEG_START);
    flooded.write(Buffer.alloc(2 * 1024 * 1024));
    slowCheck.resolve();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(starts).toBe(0);
  });
});
