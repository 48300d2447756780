/**
 * The decode processes' wire format: length-prefixed frames on plain pipes. An upload crosses
 * the pipe as its own bytes; Node's IPC channel would serialise it (V8's structured clone) and
 * deserialise it on the other side, which for a 5 MB photo cost more wall time than the decode.
 *
 * An upload the REST path wrote to a file as it arrived crosses as its path only: the decode
 * process reads it itself, and the API's event loop never waits for the pipe to drain.
 *
 * An upload still arriving crosses as the path of a FIFO the API writes its bytes to as they come
 * (arriving-bytes-decoder.ts).
 *
 * Request: id (u32), kind (u8: 0 the upload's bytes, 1 a file path in UTF-8, 2 a FIFO's path in
 * UTF-8), length (u32), body.
 * Reply: id (u32), outcome (u8: 1 decoded, 0 unreadable, 2 too many pixels, 3 cannot), width (u32),
 * height (u32), length (u32), the working JPEG.
 */
import type { PhotoSource } from './sanitize-upload';

/** A FIFO the upload's bytes are written to while they arrive; closed after the last one. */
export interface ArrivingSource {
  readonly fifo: string;
}

export interface DecodeRequestFrame {
  readonly id: number;
  readonly source: PhotoSource | ArrivingSource;
}

export type DecodeReplyFrame =
  | { readonly id: number; readonly ok: true; data: Buffer; width: number; height: number }
  | { readonly id: number; readonly ok: false; readonly refusal: DecodeRefusal };

/**
 * Why a decode process refused an upload: the header said too many pixels, it did not decode, or
 * (an arriving upload only) this process cannot read one here, so it is decoded from its file.
 */
export type DecodeRefusal = 'unreadable' | 'tooManyPixels' | 'cannot';

const REQUEST_HEADER = 9;
const REPLY_HEADER = 17;
const BYTES = 0;
const PATH = 1;
const FIFO = 2;
const DECODED = 1;
const OUTCOMES: Record<DecodeRefusal, number> = { unreadable: 0, tooManyPixels: 2, cannot: 3 };

/** The header and the body, to be written one after the other (the bytes as they are, with no copy). */
export function requestFrame(
  id: number,
  source: PhotoSource | ArrivingSource,
): [header: Buffer, body: Buffer] {
  const body = Buffer.isBuffer(source)
    ? source
    : Buffer.from('fifo' in source ? source.fifo : source.path, 'utf8');
  const header = Buffer.allocUnsafe(REQUEST_HEADER);
  header.writeUInt32BE(id, 0);
  header.writeUInt8(Buffer.isBuffer(source) ? BYTES : 'fifo' in source ? FIFO : PATH, 4);
  header.writeUInt32BE(body.length, 5);
  return [header, body];
}

export function replyHeader(reply: DecodeReplyFrame): Buffer {
  const header = Buffer.alloc(REPLY_HEADER);
  header.writeUInt32BE(reply.id, 0);
  header.writeUInt8(reply.ok ? DECODED : OUTCOMES[reply.refusal], 4);
  if (reply.ok) {
    header.writeUInt32BE(reply.width, 5);
    header.writeUInt32BE(reply.height, 9);
    header.writeUInt32BE(reply.data.length, 13);
  }
  return header;
}

const parseRequest = (header: Buffer, body: Buffer): DecodeRequestFrame => {
  const kind = header.readUInt8(4);
  return {
    id: header.readUInt32BE(0),
    source:
      kind === PATH
        ? { path: body.toString('utf8') }
        : kind === FIFO
          ? { fifo: body.toString('utf8') }
          : body,
  };
};

const parseReply = (header: Buffer, body: Buffer): DecodeReplyFrame => {
  const id = header.readUInt32BE(0);
  const outcome = header.readUInt8(4);
  if (outcome === DECODED)
    return {
      id,
      ok: true,
      width: header.readUInt32BE(5),
      height: header.readUInt32BE(9),
      data: body,
    };
  return {
    id,
    ok: false,
    refusal:
      outcome === OUTCOMES.tooManyPixels
        ? 'tooManyPixels'
        : outcome === OUTCOMES.cannot
          ? 'cannot'
          : 'unreadable',
  };
};

/**
 * Cuts a byte stream into frames. Each frame's body is gathered into one buffer of its announced
 * size as the chunks arrive (one copy, never a growing concatenation).
 */
class FrameReader<T> {
  private readonly header: Buffer;
  private headerFilled = 0;
  private body: Buffer | null = null;
  private bodyFilled = 0;

  constructor(
    private readonly headerLength: number,
    private readonly bodyLengthAt: number,
    private readonly parse: (header: Buffer, body: Buffer) => T,
    private readonly onFrame: (frame: T) => void,
  ) {
    this.header = Buffer.alloc(headerLength);
  }

  push(chunk: Buffer): void {
    let offset = 0;
    for (;;) {
      if (this.body === null) {
        const taken = chunk.copy(this.header, this.headerFilled, offset);
        this.headerFilled += taken;
        offset += taken;
        if (this.headerFilled < this.headerLength) return;
        this.body = Buffer.allocUnsafe(this.header.readUInt32BE(this.bodyLengthAt));
        this.bodyFilled = 0;
      }
      const body = this.body;
      const taken = chunk.copy(body, this.bodyFilled, offset);
      this.bodyFilled += taken;
      offset += taken;
      if (this.bodyFilled < body.length) return;
      const header = Buffer.from(this.header);
      this.headerFilled = 0;
      this.body = null;
      this.onFrame(this.parse(header, body));
      if (offset >= chunk.length) return;
    }
  }
}

export const requestReader = (onFrame: (frame: DecodeRequestFrame) => void) =>
  new FrameReader(REQUEST_HEADER, 5, parseRequest, onFrame);

export const replyReader = (onFrame: (frame: DecodeReplyFrame) => void) =>
  new FrameReader(REPLY_HEADER, 13, parseReply, onFrame);
