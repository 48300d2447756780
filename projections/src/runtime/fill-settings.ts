// What every bulk-fill transaction shares (see bulk-fill.ts and joint-bulk-fill.ts).

export const FILL_SETTINGS = `SET LOCAL synchronous_commit = off; SET LOCAL work_mem = '256MB'; SET LOCAL jit = off`;

/** The parameters a statement refers to: the first n when its highest is `$n`. */
export function parametersOf(sql: string, all: readonly unknown[]): unknown[] {
  const highest = Math.max(0, ...[...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
  return all.slice(0, highest);
}
