import { describe, expect, it } from 'vitest';
import { csvCell } from './ledger-export';

describe('csvCell', () => {
  it.each(['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', '  =1+1', '|cmd', '\tx'])(
    'keeps %j from being evaluated by a spreadsheet',
    (value) => {
      expect(csvCell(value).replace(/^"|"$/g, '').startsWith("'")).toBe(true);
    },
  );

  it('leaves numbers, dates and plain text as they are, and quotes what needs quoting', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(new Date('2026-11-22T00:00:00Z'))).toBe('2026-11-22T00:00:00.000Z');
    expect(csvCell('Sorry about the outage')).toBe('Sorry about the outage');
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
    expect(csvCell(null)).toBe('');
  });
});
