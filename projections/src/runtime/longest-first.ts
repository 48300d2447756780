/** A piece of a rebuild's database work, with its cost for ordering (any unit, the same for all). */
export interface Job {
  readonly cost: number;
  /** Runs it; what it returns becomes runnable once it has finished. */
  run(): Promise<readonly Job[] | void>;
}

/**
 * Runs the jobs at most `limit` at a time, the costliest runnable one first (LPT), each follow-up
 * as soon as the job before it has finished. A failure starts nothing more; it rejects once the
 * running jobs have settled (none is left mid-transaction behind the caller's cleanup).
 */
export function runLongestFirst(jobs: readonly Job[], limit: number): Promise<void> {
  const runnable = [...jobs];
  let running = 0;
  let failure: { error: unknown } | null = null;
  return new Promise((resolve, reject) => {
    const startMore = () => {
      while (!failure && running < limit && runnable.length > 0) {
        runnable.sort((a, b) => b.cost - a.cost);
        const job = runnable.shift()!;
        running++;
        job
          .run()
          .then(
            (more) => {
              if (more) runnable.push(...more);
            },
            (error: unknown) => {
              failure ??= { error };
            },
          )
          .finally(() => {
            running--;
            startMore();
          });
      }
      if (running > 0) return;
      if (failure) reject(failure.error);
      else if (runnable.length === 0) resolve();
    };
    startMore();
  });
}
