import type { ArrivingDecode } from './decode-pool';
import { detectImageType, type DecodedPhoto } from './sanitize-upload';

/** Enough bytes for every magic number detectImageType reads. */
const MAGIC_BYTES = 12;
/**
 * Bytes kept while the account check has not answered (the file's write buffer holds them too,
 * until written); past that, the upload is decoded once it is in. Over loopback 2 MB arrive in
 * about 8 ms, several account checks' time.
 */
const MAX_PENDING_BYTES = 2 * 1024 * 1024;

/**
 * One upload's bytes handed to a decode process while they arrive (DecodePool.decodeArriving),
 * so the working JPEG is ready moments after the last byte instead of a whole decode later.
 *
 * It starts only once `allowed` resolves (the account check: a user who cannot generate never
 * makes the server decode) and the first bytes are an image's. When it cannot start (no idle
 * decode process) or is abandoned, `result` answers null and the upload is decoded from its file
 * once it is in, as before.
 */
export class DecodeWhileArriving {
  private state: 'waiting' | 'decoding' | 'off' = 'waiting';
  private allowed = false;
  private ended = false;
  private head = Buffer.alloc(0);
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private decode: ArrivingDecode | null = null;
  /** The generation asked for the result: it is wanted, whatever happens to the request after. */
  private taken = false;

  constructor(
    private readonly start: () => ArrivingDecode | null,
    allowed: Promise<unknown>,
  ) {
    allowed.then(
      () => {
        this.allowed = true;
        this.startWhenReady();
      },
      () => this.abandon(),
    );
  }

  /** The upload's next bytes. */
  write(chunk: Buffer): void {
    if (this.state === 'off') return;
    if (this.head.length < MAGIC_BYTES)
      this.head = Buffer.concat([this.head, chunk.subarray(0, MAGIC_BYTES - this.head.length)]);
    if (this.decode) return this.decode.write(chunk);
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes > MAX_PENDING_BYTES) return this.abandon();
    this.startWhenReady();
  }

  /** The last byte is in. */
  end(): void {
    this.ended = true;
    // Not started by now: decoding the file costs the same, without a process held for it.
    if (this.decode) this.decode.end();
    else this.abandon();
  }

  /** The upload failed or was refused before its decode was asked for: whatever was started stops. */
  abandon(): void {
    if (this.taken) return;
    this.state = 'off';
    this.pending = [];
    this.decode?.abandon();
  }

  /**
   * The working JPEG, or null when the upload is to be decoded from its file; rejects with the
   * refusal of a decode that read every byte (the same bytes the file holds).
   */
  result(): Promise<DecodedPhoto | null> {
    this.taken = true;
    return this.decode?.result ?? Promise.resolve(null);
  }

  private startWhenReady() {
    if (this.state !== 'waiting' || !this.allowed || this.head.length < MAGIC_BYTES) return;
    if (!detectImageType(this.head)) return this.abandon();
    try {
      this.decode = this.start();
    } catch {
      // Never an error for the upload: it is decoded once it is in.
      this.decode = null;
    }
    if (!this.decode) return this.abandon();
    this.state = 'decoding';
    for (const chunk of this.pending) this.decode.write(chunk);
    this.pending = [];
    if (this.ended) this.decode.end();
  }
}
