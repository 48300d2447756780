import { EventEmitter } from 'node:events';

/** Wakes readers waiting for new events: appends in this process, NOTIFY from others, or a timeout. */
export class AppendSignal {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  notify() {
    this.emitter.emit('append');
  }

  /** Resolves on the next notify, after `timeoutMs`, or when `signal` aborts, whichever is first. */
  wait(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.emitter.off('append', done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.emitter.once('append', done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}
