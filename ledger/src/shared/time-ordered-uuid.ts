import { randomFillSync } from 'node:crypto';

const bytes = Buffer.alloc(16);
const hex = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * A UUID version 7 (RFC 9562): the creation time in milliseconds, then 74 random bits. Event ids
 * are made this way so new rows land at the right edge of `events`' unique index on them instead of
 * on a random leaf: a random leaf is a buffer read once the index outgrows the cache, and a
 * full-page image in the WAL when first touched after each checkpoint. Unique as a random one is
 * (74 random bits per millisecond); duplicates are still refused by that index.
 */
export function timeOrderedUuid(now = Date.now()): string {
  randomFillSync(bytes, 6, 10);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  let text = '';
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) text += '-';
    text += hex[bytes[i]!]!;
  }
  return text;
}
