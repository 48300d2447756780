import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FifoTools } from './arriving-bytes-decoder';
import { FifoWriter } from './fifo-writer';
import { removeAbandonedFolders } from './upload-folder';

const FIFO_FOLDER_PREFIX = 'decode-fifos-';

/**
 * This process's one folder for FIFOs (every pool's), made once the folders of API processes that
 * are gone have been removed (a crash leaves its FIFOs behind), and removed when the process exits.
 */
export const processFifoFolder = {
  ready: false,
  sweeping: null as Promise<unknown> | null,
  made: null as string | null,
  sweep() {
    this.sweeping ??= removeAbandonedFolders(os.tmpdir(), FIFO_FOLDER_PREFIX).finally(
      () => (this.ready = true),
    );
  },
  removedAtExit: false,
  path(): string {
    if (!this.made) {
      this.made = fs.mkdtempSync(path.join(os.tmpdir(), `${FIFO_FOLDER_PREFIX}${process.pid}-`));
      if (!this.removedAtExit) {
        // Whichever folder is this process's then (it is made again if removed under it).
        process.once(
          'exit',
          () => this.made && fs.rmSync(this.made, { recursive: true, force: true }),
        );
        this.removedAtExit = true;
      }
    }
    return this.made;
  },
};

/** A FIFO an upload's bytes go through to the decode process reading it. */
export interface DecodeFifo {
  readonly path: string;
  /** Its writing end, which never blocks the event loop. */
  readonly bytes: FifoWriter;
  /** Closes both ends and removes it. */
  close(): void;
}

/**
 * A new FIFO in this process's folder, with a reading end held until the decode is answered
 * (bytes written, and the writing end closed, before the process opened it stay in it) and
 * the writing end. Null if any step failed.
 */
export function openDecodeFifo(fifos: FifoTools, onWriteFailure: () => void): DecodeFifo | null {
  let fifoPath = '';
  const opened: number[] = [];
  try {
    fifoPath = path.join(processFifoFolder.path(), randomUUID());
    if (!fifos.make(fifoPath)) {
      // Its folder removed under it (a tmp cleaner): made again, once.
      if (fs.existsSync(path.dirname(fifoPath))) return null;
      processFifoFolder.made = null;
      fifoPath = path.join(processFifoFolder.path(), randomUUID());
      if (!fifos.make(fifoPath)) return null;
    }
    opened.push(fs.openSync(fifoPath, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK));
    fifos.widen(opened[0]!);
    opened.push(fs.openSync(fifoPath, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK));
  } catch {
    for (const descriptor of opened) fs.closeSync(descriptor);
    if (fifoPath) fs.rm(fifoPath, { force: true }, () => undefined);
    return null;
  }
  const [keptOpen, writing] = opened as [number, number];
  const bytes = new FifoWriter(writing, onWriteFailure);
  return {
    path: fifoPath,
    bytes,
    close: () => {
      bytes.destroy();
      fs.closeSync(keptOpen);
      fs.rm(fifoPath, { force: true }, () => undefined);
    },
  };
}
