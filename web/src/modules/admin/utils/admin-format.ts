/** Formatting shared by the staff console. Times are shown in UTC, like the finance report. */

const pad = (value: number): string => String(value).padStart(2, '0');

/** "2025-03-04 14:05 UTC" (seconds with `seconds: true`). */
export const formatUtc = (iso: string, { seconds = false } = {}): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}${
    seconds ? `:${pad(date.getUTCSeconds())}` : ''
  }`;
  return `${day} ${time} UTC`;
};

/** "2025-03-04" */
export const formatUtcDay = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
};

/** "Mar 2025" */
export const formatUtcMonth = (iso: string): string =>
  new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );

/** 12345 → "12,345" */
export const formatCount = (value: number): string => value.toLocaleString('en-US');

/** Cents as money: (900, 'usd') → "$9.00"; an unknown currency code falls back to "9.00 XYZ". */
export const formatMoney = (cents: number, currency = 'usd'): string => {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
    }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
};

/** "+10", "−5" (a real minus sign), "0". */
export const formatSigned = (value: number): string =>
  value > 0 ? `+${formatCount(value)}` : value < 0 ? `−${formatCount(Math.abs(value))}` : '0';

const ACTOR_LABELS: Readonly<Record<string, string>> = {
  user: 'User',
  staff: 'Staff',
  system: 'System',
  stripe: 'Stripe',
};

/** Who caused a ledger event, in words: "Staff", "Stripe", "System", "User". */
export const actorLabel = (kind: string): string =>
  ACTOR_LABELS[kind] ?? (kind ? kind[0]!.toUpperCase() + kind.slice(1) : 'Unknown');

/** The ledger's event types, in the order staff think of them, with their labels. */
export const LEDGER_TYPES: readonly { type: string; label: string }[] = [
  { type: 'CreditsGranted', label: 'Granted' },
  { type: 'CreditsPurchased', label: 'Purchased' },
  { type: 'CreditsReserved', label: 'Reserved (hold)' },
  { type: 'CreditsSpent', label: 'Spent' },
  { type: 'CreditsReleased', label: 'Released (hold)' },
  { type: 'CreditsRefunded', label: 'Refunded' },
  { type: 'CreditsExpired', label: 'Expired' },
  { type: 'CreditsRevoked', label: 'Revoked' },
];

/** "CreditsGranted" → "Granted"; unknown types lose "Credits" and get spaces. */
export const ledgerTypeLabel = (type: string): string =>
  LEDGER_TYPES.find((entry) => entry.type === type)?.label ??
  (type.replace(/^Credits/, '').replace(/([a-z])([A-Z])/g, '$1 $2') || type);

/** What a ledger reference points at, by the event's type. */
export const referenceKind = (type: string): string => {
  switch (type) {
    case 'CreditsPurchased':
      return 'Stripe invoice';
    case 'CreditsReserved':
    case 'CreditsSpent':
    case 'CreditsReleased':
    case 'CreditsRefunded':
      return 'Generation';
    case 'CreditsGranted':
      return 'Grant';
    case 'CreditsExpired':
      return 'Lot';
    default:
      return 'Reference';
  }
};

/** "none" → "None", "past_due" → "Past due". */
export const humanize = (value: string): string => {
  const text = value.replace(/[_-]+/g, ' ').trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) : value;
};
