import { describe, expect, it } from 'vitest';

import { actorLabel, formatMoney, formatSigned, formatUtc, ledgerTypeLabel } from './admin-format';
import {
  defaultReportRange,
  fillPeriods,
  niceCeiling,
  periodStarts,
  reportVariables,
} from './finance-range';
import { ledgerCsvUrl, ledgerFilterError, toLedgerFilterInput } from './ledger-filter';
import { hasStaffPower, isStaff, resolveSection, sectionsFor } from './staff-roles';

describe('staff roles', () => {
  it('shows each role its sections; admin sees all', () => {
    expect(sectionsFor(['SUPPORT']).map((s) => s.id)).toEqual(['users', 'inbox', 'gifts']);
    expect(sectionsFor(['FINANCE']).map((s) => s.id)).toEqual(['users', 'gifts', 'finance']);
    expect(sectionsFor(['ADMIN']).map((s) => s.id)).toEqual([
      'users',
      'inbox',
      'gifts',
      'finance',
      'operations',
    ]);
    expect(sectionsFor([])).toEqual([]);
    expect(isStaff([])).toBe(false);
    expect(hasStaffPower(['ADMIN'], 'SUPPORT')).toBe(true);
    expect(hasStaffPower(['FINANCE'], 'SUPPORT')).toBe(false);
  });

  it('falls back to the first allowed section', () => {
    expect(resolveSection(['FINANCE'], 'inbox')).toBe('users');
    expect(resolveSection(['FINANCE'], 'finance')).toBe('finance');
    expect(resolveSection([], 'users')).toBeNull();
  });
});

describe('ledger filter', () => {
  const state = {
    userId: ' u1 ',
    types: ['CreditsGranted', 'CreditsSpent'],
    from: '2025-03-01',
    to: '2025-03-04',
  };

  it('sends UTC instants with an exclusive end', () => {
    expect(toLedgerFilterInput(state)).toEqual({
      userId: 'u1',
      types: ['CreditsGranted', 'CreditsSpent'],
      from: '2025-03-01T00:00:00.000Z',
      to: '2025-03-05T00:00:00.000Z',
    });
    expect(toLedgerFilterInput({ userId: '', types: [], from: '', to: '' })).toEqual({});
  });

  it('builds the CSV link for the same view', () => {
    expect(ledgerCsvUrl(state)).toBe(
      '/api/staff/ledger.csv?userId=u1&types=CreditsGranted%2CCreditsSpent&from=2025-03-01T00%3A00%3A00.000Z&to=2025-03-05T00%3A00%3A00.000Z',
    );
    expect(ledgerCsvUrl({ userId: '', types: [], from: '', to: '' })).toBe('/api/staff/ledger.csv');
  });

  it('rejects an end before the start', () => {
    expect(ledgerFilterError({ ...state, from: '2025-03-05' })).toMatch(/end date/);
    expect(ledgerFilterError(state)).toBeNull();
  });
});

describe('formatting', () => {
  it('formats money, signs, times, actors and types', () => {
    expect(formatMoney(900, 'usd')).toBe('$9.00');
    expect(formatMoney(123456, 'eur')).toBe('€1,234.56');
    expect(formatSigned(10)).toBe('+10');
    expect(formatSigned(-5)).toBe('−5');
    expect(formatUtc('2025-03-04T14:05:09.000Z')).toBe('2025-03-04 14:05 UTC');
    expect(actorLabel('stripe')).toBe('Stripe');
    expect(actorLabel('staff')).toBe('Staff');
    expect(ledgerTypeLabel('CreditsGranted')).toBe('Granted');
    expect(ledgerTypeLabel('CreditsMoved')).toBe('Moved');
  });
});

describe('finance range', () => {
  it('defaults to the last 30 days', () => {
    expect(defaultReportRange(new Date('2025-03-31T12:00:00Z'))).toEqual({
      from: '2025-03-02',
      to: '2025-03-31',
      granularity: 'DAY',
    });
  });

  it('mirrors the server rules', () => {
    expect(reportVariables({ from: '2025-03-01', to: '2025-03-01', granularity: 'DAY' })).toEqual({
      ok: true,
      from: '2025-03-01T00:00:00.000Z',
      to: '2025-03-02T00:00:00.000Z',
    });
    expect(reportVariables({ from: '2025-03-02', to: '2025-03-01', granularity: 'DAY' })).toEqual({
      ok: false,
      error: 'The end must be after the start',
    });
    expect(reportVariables({ from: '2020-01-01', to: '2025-03-01', granularity: 'MONTH' })).toEqual(
      {
        ok: false,
        error: 'At most three years at a time',
      },
    );
  });

  it('lists periods and fills the gaps', () => {
    expect(periodStarts('2025-01-15T00:00:00.000Z', '2025-03-02T00:00:00.000Z', 'MONTH')).toEqual([
      '2025-01-01T00:00:00.000Z',
      '2025-02-01T00:00:00.000Z',
      '2025-03-01T00:00:00.000Z',
    ]);
    const rows = [{ period: '2025-03-02T00:00:00.000Z', n: 4 }];
    expect(
      fillPeriods(
        rows,
        '2025-03-01T00:00:00.000Z',
        '2025-03-04T00:00:00.000Z',
        'DAY',
        (period) => ({
          period,
          n: 0,
        }),
      ).map((row) => row.n),
    ).toEqual([0, 4, 0]);
  });

  it('rounds the axis up', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(12)).toBe(20);
    expect(niceCeiling(300)).toBe(500);
    expect(niceCeiling(1500)).toBe(2000);
  });
});

describe('support validation', () => {
  it('mirrors the server messages', async () => {
    const { validateGrant, validateReason } = await import('./support-validation');
    expect(validateGrant({ amount: '', reason: '' })).toEqual({
      amount: 'Amount is required',
      reason: 'A reason is required (at least 3 characters)',
    });
    expect(validateGrant({ amount: '1.5', reason: 'ok!' }).amount).toBe(
      'Amount must be a whole number',
    );
    expect(validateGrant({ amount: '0', reason: 'ok!' }).amount).toBe('Amount must be at least 1');
    expect(validateGrant({ amount: '10001', reason: 'ok!' }).amount).toBe(
      'Amount must be at most 10,000',
    );
    expect(validateGrant({ amount: '10', reason: 'Sorry for the trouble' })).toEqual({});
    expect(validateReason('  ab ')).toBe('A reason is required (at least 3 characters)');
    expect(validateReason('x'.repeat(501))).toMatch(/at most 500/);
  });
});

describe('projections', () => {
  it('computes progress and the state of a rebuild we started', async () => {
    const { rebuildProgress, rebuildState, prettyJson } = await import('./projection-progress');
    expect(rebuildProgress({ eventsApplied: 50, buildTarget: 200 })).toBe(0.25);
    expect(rebuildProgress({ eventsApplied: 5, buildTarget: null })).toBeNull();
    expect(rebuildProgress({ eventsApplied: 300, buildTarget: 200 })).toBe(1);
    const live = { name: 'credit_history', version: 1, status: 'live', eventsApplied: 0 };
    const building = {
      name: 'credit_history',
      version: 2,
      status: 'building',
      eventsApplied: 3,
      buildTarget: 9,
    };
    const watch = { fromVersion: 1, startedAt: 0 };
    expect(rebuildState([live, building], 'credit_history', watch, 1)).toBe('building');
    expect(rebuildState([live], 'credit_history', watch, 1)).toBe('starting');
    expect(rebuildState([live], 'credit_history', watch, 60_000)).toBe('lost');
    expect(rebuildState([{ ...live, version: 2 }], 'credit_history', watch, 1)).toBe('done');
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson('nope')).toBe('nope');
  });
});
