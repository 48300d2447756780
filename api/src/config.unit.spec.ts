import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the local checkout by default outside production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).billing.mode).toBe('local');
    expect(loadConfig({ NODE_ENV: 'test', STRIPE_SECRET_KEY: 'sk_test_1' }).billing.mode).toBe(
      'stripe',
    );
  });

  it('refuses to start production on the simulated checkout unless asked for by name', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'local' }).billing.mode).toBe('local');
    expect(
      loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_1' }).billing.mode,
    ).toBe('stripe');
  });
});
