/*
 * The one way dates are written for users across the app: the browser's language decides the
 * order and words ("Jun 16, 2025" in American English, "16 Jun 2025" in British English), the
 * visitor's time zone the day and hour. The staff console keeps its own UTC formats.
 */

type Locales = string | readonly string[] | undefined;

const formats = new Map<string, Intl.DateTimeFormat>();
const formatter = (locales: Locales, options: Intl.DateTimeFormatOptions) => {
  const key = `${JSON.stringify(locales ?? null)}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locales as string | string[] | undefined, options);
    formats.set(key, format);
  }
  return format;
};

const valid = (value: string | Date): Date | null => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A day: "Jun 16, 2025" (en-US), "16 Jun 2025" (en-GB); '' for something that is not a date. */
export const formatDate = (value: string | Date, locales?: Locales): string => {
  const date = valid(value);
  return date ? formatter(locales, { dateStyle: 'medium' }).format(date) : '';
};

/** A moment: "Jun 16, 2025, 2:25 PM" (en-US), "16 Jun 2025, 14:25" (en-GB). */
export const formatDateTime = (value: string | Date, locales?: Locales): string => {
  const date = valid(value);
  return date ? formatter(locales, { dateStyle: 'medium', timeStyle: 'short' }).format(date) : '';
};
