const pad = (value: number, length = 2): string => String(value).padStart(length, '0');

/** Local date and time as `YYYYMMDD-HHmmss`, safe in a file name on every system. */
export const fileTimestamp = (date: Date): string =>
  `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(
    date.getHours(),
  )}${pad(date.getMinutes())}${pad(date.getSeconds())}`;

/**
 * The downloaded PNG's name: the page's prefix and a timestamp (spec §2),
 * e.g. `ai-snoopy-character-20250616-142503.png`.
 */
export const downloadFileName = (prefix: string, date: Date): string =>
  `${prefix}-${fileTimestamp(date)}.png`;
