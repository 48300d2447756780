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

/**
 * Postgres hashes a constant `= ANY` list from 9 entries and compares a shorter one entry by entry,
 * each comparison a text function call (1M-event log: a scan with 8 types 446–455 ms, 353–365 ms
 * padded to 9). Padded with '', which no event's type is.
 */
const HASHED_ANY_MIN = 9;

/** A fill's types as the `$3` of BULK_EVENTS_WHERE: padded so that Postgres hashes the list. */
export function bulkFillTypes(types: Iterable<string>): string[] {
  const list = [...types];
  return list.length >= HASHED_ANY_MIN
    ? list
    : [...list, ...Array<string>(HASHED_ANY_MIN - list.length).fill('')];
}
