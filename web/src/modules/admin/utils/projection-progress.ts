/** A projection version's row as the status table shows it. */
export type ProjectionRow = {
  name: string;
  version: number;
  status: string;
  eventsApplied: number;
  buildTarget?: number | null;
};

/** Rebuild progress from 0 to 1 (eventsApplied / buildTarget), or null when unknown. */
export const rebuildProgress = (
  row: Pick<ProjectionRow, 'eventsApplied' | 'buildTarget'>,
): number | null => {
  if (!row.buildTarget || row.buildTarget <= 0) return null;
  return Math.min(1, Math.max(0, row.eventsApplied / row.buildTarget));
};

export const isBuilding = (rows: readonly ProjectionRow[], name?: string): boolean =>
  rows.some((row) => row.status === 'building' && (name === undefined || row.name === name));

/** The version serving reads for a projection (its live row), if any. */
export const liveVersion = (rows: readonly ProjectionRow[], name: string): number | undefined =>
  rows.find((row) => row.name === name && row.status === 'live')?.version;

export type RebuildWatch = { fromVersion: number | undefined; startedAt: number };

/**
 * Where a rebuild we started stands: still building, done (a newer version is live), or
 * lost (nothing building and no newer version after `graceMs`, e.g. it failed at once).
 */
export const rebuildState = (
  rows: readonly ProjectionRow[],
  name: string,
  watch: RebuildWatch,
  now: number,
  graceMs = 15_000,
): 'building' | 'done' | 'lost' | 'starting' => {
  if (isBuilding(rows, name)) return 'building';
  const live = liveVersion(rows, name);
  if (live !== undefined && (watch.fromVersion === undefined || live > watch.fromVersion))
    return 'done';
  return now - watch.startedAt > graceMs ? 'lost' : 'starting';
};

/** Pretty-prints a JSON string; text that is not JSON comes back as it is. */
export const prettyJson = (text: string): string => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};
