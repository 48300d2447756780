import type { LedgerFilterInput } from '../../../gql/graphql';

/** A ledger view as the filter form holds it: dates are UTC days ("2025-03-04"), inclusive. */
export type LedgerFilterState = {
  userId: string;
  types: readonly string[];
  from: string;
  to: string;
};

export const EMPTY_LEDGER_FILTER: LedgerFilterState = { userId: '', types: [], from: '', to: '' };

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The start of a UTC day as an ISO instant, or undefined when the text is not a day. */
export const utcDayStart = (day: string): string | undefined => {
  if (!DAY_PATTERN.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

/** The start of the day after (the server's `to` is exclusive, the form's is inclusive). */
export const utcDayEnd = (day: string): string | undefined => {
  const start = utcDayStart(day);
  if (!start) return undefined;
  return new Date(new Date(start).getTime() + 86_400_000).toISOString();
};

/** "The end must not be before the start", or null when the range is fine. */
export const ledgerFilterError = (state: LedgerFilterState): string | null => {
  const from = utcDayStart(state.from);
  const to = utcDayStart(state.to);
  if (from && to && to < from) return 'The end date must not be before the start date';
  return null;
};

/** The GraphQL filter for a form state (only what is set). */
export const toLedgerFilterInput = (state: LedgerFilterState): LedgerFilterInput => {
  const filter: LedgerFilterInput = {};
  const userId = state.userId.trim();
  if (userId) filter.userId = userId;
  if (state.types.length > 0) filter.types = [...state.types];
  const from = utcDayStart(state.from);
  const to = utcDayEnd(state.to);
  if (from) filter.from = from;
  if (to) filter.to = to;
  return filter;
};

/** The CSV export of the same view: `/api/staff/ledger.csv?userId=&types=A,B&from=&to=`. */
export const ledgerCsvUrl = (state: LedgerFilterState): string => {
  const filter = toLedgerFilterInput(state);
  const params = new URLSearchParams();
  if (filter.userId) params.set('userId', String(filter.userId));
  if (filter.types && filter.types.length > 0) params.set('types', filter.types.join(','));
  if (filter.from) params.set('from', String(filter.from));
  if (filter.to) params.set('to', String(filter.to));
  const query = params.toString();
  return `/api/staff/ledger.csv${query ? `?${query}` : ''}`;
};
