import { writeSync } from 'node:fs';
import type { DestinationStream } from 'pino';

/** Where batches go: pino's asynchronous destination (sonic-boom) has these. */
export interface LineSink {
  write(text: string): unknown;
  /** Writes what the sink holds, not a write already under way. */
  flushSync(): void;
}

export interface BatchedLines extends DestinationStream {
  /** Hands what is gathered to the sink now. */
  flush(): void;
  /** Writes what the sink holds, then what is gathered, synchronously (at exit). */
  flushSync(): void;
}

/**
 * Gathers log lines for up to `delayMs` (or until `maxChars`) and hands them to the sink as one
 * write. Every asynchronous write wakes a thread-pool thread, and at hundreds of request lines a
 * second those wake-ups, not the writes, were most of what logging cost the event loop.
 */
export function batchedLines(
  sink: LineSink,
  /** The sink's file descriptor, written to directly at exit. */
  fd: number,
  delayMs = 100,
  maxChars = 16_384,
): BatchedLines {
  let gathered = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (!gathered) return;
    const text = gathered;
    gathered = '';
    sink.write(text);
  };
  return {
    write(line: string) {
      gathered += line;
      if (gathered.length >= maxChars) flush();
      else if (!timer) {
        timer = setTimeout(flush, delayMs);
        // A pending batch does not keep a finished process alive: exit writes it (flushSync).
        timer.unref();
      }
    },
    flush,
    flushSync() {
      // Not through sink.write: that would start an asynchronous write, which an exiting process
      // never finishes, and flushSync leaves a write under way alone.
      if (timer) clearTimeout(timer);
      timer = undefined;
      sink.flushSync();
      if (gathered) writeSync(fd, gathered);
      gathered = '';
    },
  };
}
