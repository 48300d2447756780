// What every bulk-fill transaction shares (see bulk-fill.ts and joint-bulk-fill.ts).

// work_mem 16MB, not 256MB: a rebuild's fills run on new connections, and a backend's first big
// sort page-faults all its memory in (1M-event log, new pools, 4 alternated rebuilds: 17.9 against
// 20.0 s of backend CPU; 4MB was as good as 16MB, 64MB worse; README "### Projections").
export const FILL_SETTINGS = `SET LOCAL synchronous_commit = off; SET LOCAL work_mem = '16MB'; SET LOCAL jit = off`;

/** The parameters a statement refers to: the first n when its highest is `$n`. */
export function parametersOf(sql: string, all: readonly unknown[]): unknown[] {
  const highest = Math.max(0, ...[...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
  return all.slice(0, highest);
}
