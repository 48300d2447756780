/**
 * The decode processes' wire format: length-prefixed frames on plain pipes. An upload crosses
 * the pipe as its own bytes; Node's IPC channel would serialise it (V8's structured clone) and
 * deserialise it on the other side, which for a 5 MB photo cost more wall time than the decode.
 *
 * Request: id (u32), length (u32), the upload's bytes.
 * Reply: id (u32), ok (u8), width (u32), height (u32), length (u32), the working JPEG.
 */

export interface DecodeRequestFrame {
  readonly id: number;
  readonly bytes: Buffer;
}

export type DecodeReplyFrame =
  | { readonly id: number; readonly ok: true; data: Buffer; width: number; height: number }
  | { readonly id: number; readonly ok: false };

const REQUEST_HEADER = 8;
const REPLY_HEADER = 17;

/** The header only: the bytes follow it on the pipe as they are, with no copy. */
export function requestHeader(id: number, length: number): Buffer {
  const header = Buffer.allocUnsafe(REQUEST_HEADER);
  header.writeUInt32BE(id, 0);
  header.writeUInt32BE(length, 4);
  return header;
}

export function replyHeader(reply: DecodeReplyFrame): Buffer {
  const header = Buffer.alloc(REPLY_HEADER);
  header.writeUInt32BE(reply.id, 0);
  if (reply.ok) {
    header.writeUInt8(1, 4);
    header.writeUInt32BE(reply.width, 5);
    header.writeUInt32BE(reply.height, 9);
    header.writeUInt32BE(reply.data.length, 13);
  }
  return header;
}

const parseRequest = (header: Buffer, body: Buffer): DecodeRequestFrame => ({
  id: header.readUInt32BE(0),
  bytes: body,
});

const parseReply = (header: Buffer, body: Buffer): DecodeReplyFrame =>
  header.readUInt8(4) === 1
    ? {
        id: header.readUInt32BE(0),
        ok: true,
        width: header.readUInt32BE(5),
        height: header.readUInt32BE(9),
        data: body,
      }
    : { id: header.readUInt32BE(0), ok: false };

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
  new FrameReader(REQUEST_HEADER, 4, parseRequest, onFrame);

export const replyReader = (onFrame: (frame: DecodeReplyFrame) => void) =>
  new FrameReader(REPLY_HEADER, 13, parseReply, onFrame);
