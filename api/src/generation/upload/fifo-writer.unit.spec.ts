import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fifoTools } from './arriving-bytes-decoder';
import { FifoWriter } from './fifo-writer';

const tools = fifoTools();
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fifo-writer-'));

/** A FIFO opened as the decode pool opens it: a reading end kept, the writing end non-blocking. */
function openFifo(name: string) {
  const fifo = path.join(folder, name);
  expect(tools!.make(fifo)).toBe(true);
  const keptOpen = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  const writer = new FifoWriter(fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK));
  return { fifo, keptOpen, writer };
}

/** A slow reader of the FIFO: `opened` once it has it open, `bytes` all it got until the end. */
function readSlowly(fifo: string) {
  const stream = fs.createReadStream(fifo, { highWaterMark: 4096 });
  const opened = new Promise((resolve) => stream.once('open', resolve));
  const bytes = (async () => {
    const parts: Buffer[] = [];
    for await (const part of stream) {
      parts.push(part as Buffer);
      if (parts.length % 64 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    return Buffer.concat(parts);
  })();
  return { opened, bytes };
}

describe.skipIf(!tools)('writing an upload to a FIFO', () => {
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('queues what does not fit and hands every byte over, in order, then the end', async () => {
    const { fifo, keptOpen, writer } = openFifo('in-order');
    // Several times what the FIFO holds, written before anyone reads.
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    for (let offset = 0; offset < bytes.length; offset += 64 * 1024)
      writer.write(bytes.subarray(offset, offset + 64 * 1024));
    writer.end();
    const read = readSlowly(fifo);
    await read.opened;
    fs.closeSync(keptOpen);
    expect((await read.bytes).equals(bytes)).toBe(true);
  });

  it('drops what was queued when destroyed, and the reader sees the end', async () => {
    const { fifo, keptOpen, writer } = openFifo('destroyed');
    writer.write(randomBytes(2 * 1024 * 1024));
    const read = readSlowly(fifo);
    await read.opened;
    fs.closeSync(keptOpen);
    writer.destroy();
    writer.write(randomBytes(10));
    expect((await read.bytes).length).toBeLessThan(2 * 1024 * 1024);
  });
  it('says so when a write fails for another reason than a full FIFO, and writes nothing more', () => {
    // A descriptor open only for reading: every write fails (EBADF), as an unexpected error would.
    const file = path.join(folder, 'read-only');
    fs.writeFileSync(file, '');
    let failures = 0;
    const writer = new FifoWriter(fs.openSync(file, fs.constants.O_RDONLY), () => failures++);
    writer.write(randomBytes(1024));
    writer.write(randomBytes(1024));
    writer.end();
    expect(failures).toBe(1);
    expect(fs.readFileSync(file).length).toBe(0);
  });
});
