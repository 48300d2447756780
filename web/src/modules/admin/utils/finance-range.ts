import { utcDayEnd, utcDayStart } from './ledger-filter';

export type Granularity = 'DAY' | 'MONTH';

/** A report range as the form holds it: inclusive UTC days. */
export type ReportRange = { from: string; to: string; granularity: Granularity };

const DAY_MS = 86_400_000;

/** "2025-03-04" for a date's UTC day. */
export const toUtcDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The last 30 days, today included. */
export const defaultReportRange = (now: Date = new Date()): ReportRange => ({
  from: toUtcDay(new Date(now.getTime() - 29 * DAY_MS)),
  to: toUtcDay(now),
  granularity: 'DAY',
});

/**
 * The server's arguments for a form range (`to` exclusive), or the message to show.
 * Mirrors the server: the end must be after the start, at most three years at a time.
 */
export const reportVariables = (
  range: ReportRange,
): { ok: true; from: string; to: string } | { ok: false; error: string } => {
  const from = utcDayStart(range.from);
  const to = utcDayEnd(range.to);
  if (!from) return { ok: false, error: 'Choose a start date' };
  if (!to) return { ok: false, error: 'Choose an end date' };
  if (to <= from || range.to < range.from) {
    return { ok: false, error: 'The end must be after the start' };
  }
  if (new Date(to).getTime() - new Date(from).getTime() > 3 * 366 * DAY_MS) {
    return { ok: false, error: 'At most three years at a time' };
  }
  return { ok: true, from, to };
};

/** The start of every period (UTC) from `from` up to, not including, `to`. */
export const periodStarts = (from: string, to: string, granularity: Granularity): string[] => {
  const start = new Date(from);
  const end = new Date(to);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return [];
  const periods: string[] = [];
  const cursor =
    granularity === 'MONTH'
      ? new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1))
      : new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()));
  while (cursor < end && periods.length < 1200) {
    periods.push(cursor.toISOString());
    if (granularity === 'MONTH') cursor.setUTCMonth(cursor.getUTCMonth() + 1);
    else cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return periods;
};

/** Period key: the UTC day or month a timestamp falls in. */
export const periodKey = (iso: string, granularity: Granularity): string =>
  new Date(iso).toISOString().slice(0, granularity === 'MONTH' ? 7 : 10);

/**
 * Every period of the range with its row, zeros where the report has none (the server only
 * returns periods with movements), so a chart's bars sit at their true dates.
 */
export const fillPeriods = <Row extends { period: string }>(
  rows: readonly Row[],
  from: string,
  to: string,
  granularity: Granularity,
  empty: (period: string) => Row,
): Row[] => {
  const byKey = new Map(rows.map((row) => [periodKey(row.period, granularity), row]));
  return periodStarts(from, to, granularity).map(
    (period) => byKey.get(periodKey(period, granularity)) ?? empty(period),
  );
};

/** A round axis maximum at or above `value`: 1, 2, 5, 10, 20, 50… */
export const niceCeiling = (value: number): number => {
  if (!Number.isFinite(value) || value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    if (step * magnitude >= value) return step * magnitude;
  }
  return 10 * magnitude;
};
