import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from './config';

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

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless named, and refuses "everyone" and hop counts', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(parseTrustProxy('none')).toEqual([]);
    expect(parseTrustProxy(' loopback, 10.0.0.0/8 ,')).toEqual(['loopback', '10.0.0.0/8']);
    expect(() => parseTrustProxy('true')).toThrow(/name the proxies/);
    expect(() => parseTrustProxy('*')).toThrow(/name the proxies/);
    expect(() => parseTrustProxy('2')).toThrow(/name the proxies/);
  });
});
