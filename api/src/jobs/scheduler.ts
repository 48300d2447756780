import { componentLogger, type Logger } from '@app/ledger';

export interface Job {
  readonly name: string;
  readonly intervalMs: number;
  /** Run once at start-up too (recovery jobs do). */
  readonly runAtStart: boolean;
  run(): Promise<unknown>;
}

/** Runs jobs on intervals, one run of a job at a time; a failing run is logged and retried next time. */
export class Scheduler {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<unknown>>();
  private stopped = false;

  constructor(private readonly logger: Pick<Logger, 'error'> = componentLogger('jobs')) {}

  start(jobs: readonly Job[]) {
    for (const job of jobs) {
      if (job.runAtStart) void this.runOnce(job);
      const timer = setInterval(() => void this.runOnce(job), job.intervalMs);
      timer.unref();
      this.timers.add(timer);
    }
  }

  runOnce(job: Job): Promise<unknown> {
    const current = this.running.get(job.name);
    if (current || this.stopped) return current ?? Promise.resolve();
    const run = job
      .run()
      .catch((error: unknown) => this.logger.error({ err: error, job: job.name }, 'job failed'))
      .finally(() => this.running.delete(job.name));
    this.running.set(job.name, run);
    return run;
  }

  async stop() {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    await Promise.all(this.running.values());
  }
}
