import { graphql } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from './index';

const financeReport = (from: string) =>
  graphql({
    schema,
    source:
      'query ($from: DateTime!, $to: DateTime!) { financeReport(granularity: DAY, from: $from, to: $to) { period } }',
    variableValues: { from, to: '2026-03-04T00:00:00Z' },
    contextValue: {},
  });

describe('DateTime', () => {
  it.each(['2026', 'March 3', '2026-03-03', 'not a date'])(
    'refuses %j before any resolver runs',
    async (text) => {
      const result = await financeReport(text);
      expect(result.data).toBeUndefined();
      expect(result.errors?.[0]?.message).toContain(
        `DateTime cannot represent an invalid date-time-string ${text}`,
      );
    },
  );

  it('accepts an RFC 3339 date-time with an offset', async () => {
    const result = await financeReport('2026-03-03T10:00:00+01:00');
    expect(result.errors?.[0]?.message ?? '').not.toMatch(/DateTime cannot represent/);
  });
});
