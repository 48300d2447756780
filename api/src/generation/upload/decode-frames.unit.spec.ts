import { describe, expect, it } from 'vitest';
import {
  replyHeader,
  replyReader,
  requestFrame,
  requestReader,
  type DecodeReplyFrame,
  type DecodeRequestFrame,
} from './decode-frames';

/** Cuts a byte stream at the given sizes, as a pipe may. */
const chunksOf = (bytes: Buffer, sizes: number[]) => {
  const chunks: Buffer[] = [];
  let offset = 0;
  for (let i = 0; offset < bytes.length; i++) {
    const size = sizes[i % sizes.length]!;
    chunks.push(bytes.subarray(offset, offset + size));
    offset += size;
  }
  return chunks;
};

describe('decode frames', () => {
  const photo = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));

  it('requests arrive whole and in order however the pipe cuts them, as bytes or as a path', () => {
    const path = '/tmp/uploads-ü/0f3c.upload';
    const stream = Buffer.concat([
      ...requestFrame(1, photo),
      ...requestFrame(2, { path }),
      ...requestFrame(3, Buffer.from([7, 8, 9])),
    ]);
    for (const sizes of [[1], [3, 5], [9], [65_536], [stream.length]]) {
      const frames: DecodeRequestFrame[] = [];
      const reader = requestReader((frame) => frames.push(frame));
      for (const chunk of chunksOf(stream, sizes)) reader.push(chunk);
      expect(frames.map((frame) => frame.id)).toEqual([1, 2, 3]);
      expect(Buffer.isBuffer(frames[0]!.source) && frames[0]!.source.equals(photo)).toBe(true);
      expect(frames[1]!.source).toEqual({ path });
      expect(frames[2]!.source).toEqual(Buffer.from([7, 8, 9]));
    }
  });

  it('replies carry the working JPEG and its size, or a refusal and its reason with no body', () => {
    const jpeg = photo.subarray(0, 5_000);
    const ok: DecodeReplyFrame = { id: 9, ok: true, data: jpeg, width: 1024, height: 768 };
    const refused: DecodeReplyFrame = { id: 10, ok: false, refusal: 'unreadable' };
    const tooLarge: DecodeReplyFrame = { id: 11, ok: false, refusal: 'tooManyPixels' };
    const stream = Buffer.concat([
      replyHeader(ok),
      jpeg,
      replyHeader(refused),
      replyHeader(tooLarge),
      replyHeader(ok),
      jpeg,
    ]);
    for (const sizes of [[1], [17], [4, 13], [stream.length]]) {
      const frames: DecodeReplyFrame[] = [];
      const reader = replyReader((frame) => frames.push(frame));
      for (const chunk of chunksOf(stream, sizes)) reader.push(chunk);
      expect(frames).toHaveLength(4);
      expect(frames[0]).toMatchObject({ id: 9, ok: true, width: 1024, height: 768 });
      expect(frames[0]!.ok && frames[0]!.data.equals(jpeg)).toBe(true);
      expect(frames[1]).toEqual(refused);
      expect(frames[2]).toEqual(tooLarge);
      expect(frames[3]).toMatchObject({ id: 9, ok: true });
    }
  });
});
