import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchedLines } from './batched-lines';

function sink() {
  const writes: string[] = [];
  let syncFlushes = 0;
  return {
    writes,
    syncFlushes: () => syncFlushes,
    write: (text: string) => void writes.push(text),
    flushSync: () => void syncFlushes++,
  };
}

describe('batched log lines', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands the lines of one interval to the sink as one write, in order', () => {
    vi.useFakeTimers();
    const out = sink();
    const lines = batchedLines(out, 1, 100);
    lines.write('{"n":1}\n');
    lines.write('{"n":2}\n');
    expect(out.writes).toEqual([]);
    vi.advanceTimersByTime(99);
    expect(out.writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(out.writes).toEqual(['{"n":1}\n{"n":2}\n']);
    lines.write('{"n":3}\n');
    vi.advanceTimersByTime(100);
    expect(out.writes).toEqual(['{"n":1}\n{"n":2}\n', '{"n":3}\n']);
  });

  it('writes at once when the batch reaches its size, without waiting for the interval', () => {
    vi.useFakeTimers();
    const out = sink();
    const lines = batchedLines(out, 1, 100, 16);
    lines.write('{"n":1}\n');
    lines.write('{"n":2}\n');
    expect(out.writes).toEqual(['{"n":1}\n{"n":2}\n']);
    vi.advanceTimersByTime(1_000);
    expect(out.writes).toHaveLength(1);
  });

  it('writes what is gathered synchronously to the descriptor after the sink has flushed (exit)', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'batched-lines-')), 'out.log');
    const fd = fs.openSync(file, 'w');
    try {
      const out = sink();
      const lines = batchedLines(out, fd, 60_000);
      lines.write('{"n":1}\n');
      lines.write('{"n":2}\n');
      lines.flushSync();
      expect(out.syncFlushes()).toBe(1);
      expect(out.writes).toEqual([]);
      expect(fs.readFileSync(file, 'utf8')).toBe('{"n":1}\n{"n":2}\n');
      lines.flushSync();
      expect(fs.readFileSync(file, 'utf8')).toBe('{"n":1}\n{"n":2}\n');
    } finally {
      fs.closeSync(fd);
    }
  });
});
