import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditAfterSettling, burst, jsonPost } from '../testing/burst';
import { startTestApp, type TestApp } from '../testing/test-app';

// 20 (or 30) identical requests at once, each on its own connection: the effect must be exactly
// that of the same requests one after another, and the limits must hold whatever the order.

const FAILURES_PER_ACCOUNT = 5;
const REGISTRATIONS_PER_IP = 5;

describe('registration and login under concurrent bursts', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      LOGIN_FAILURES_PER_ACCOUNT: String(FAILURES_PER_ACCOUNT),
      REGISTRATIONS_PER_IP: String(REGISTRATIONS_PER_IP),
      LOGIN_ATTEMPTS_PER_IP: '1000',
      // The bursts come "from" many addresses through a balancer on loopback (X-Forwarded-For).
      TRUST_PROXY: 'loopback',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const register = (email: string, ip: string) =>
    jsonPost(
      '/api/auth/register',
      { email, password: 'right-password', username: email.split('@')[0] },
      { 'x-forwarded-for': ip },
    );
  const login = (email: string, password: string, ip = '10.0.0.1') =>
    jsonPost('/api/auth/login', { email, password }, { 'x-forwarded-for': ip });

  it('20 identical registrations make one account with one signup grant', async () => {
    const { codes } = await burst(app.url, 20, (i) =>
      register('same@example.com', `10.1.0.${i + 1}`),
    );
    expect(codes).toEqual({ 201: 1, 409: 19 });
    const users = await app.database.pool.query<{ id: string }>(
      `SELECT id FROM users WHERE email = 'same@example.com'`,
    );
    expect(users.rows).toHaveLength(1);
    const stream = await app.runtime.storage.store.readStream(`credits-${users.rows[0]!.id}`);
    expect(stream.map((e) => e.type)).toEqual(['CreditsGranted']);
  });

  it('20 registrations from one address at once: exactly the per-address limit get through', async () => {
    const { codes } = await burst(app.url, 20, (i) => register(`ip${i}@example.com`, '10.2.0.1'));
    expect(codes).toEqual({ 201: REGISTRATIONS_PER_IP, 429: 20 - REGISTRATIONS_PER_IP });
    const made = await app.database.pool.query(
      `SELECT count(*)::int AS n FROM users WHERE email LIKE 'ip%@example.com'`,
    );
    expect(made.rows[0].n).toBe(REGISTRATIONS_PER_IP);
  });

  it('30 wrong passwords at once, from rotating addresses: exactly the limit are checked, then even the right one is refused', async () => {
    await burst(app.url, 1, () => register('victim@example.com', '10.3.0.1'));
    const { codes } = await burst(app.url, 30, (i) =>
      login('victim@example.com', `guess-${i}`, `10.4.0.${i + 1}`),
    );
    expect(codes).toEqual({ 401: FAILURES_PER_ACCOUNT, 429: 30 - FAILURES_PER_ACCOUNT });
    const { codes: after } = await burst(app.url, 1, () =>
      login('victim@example.com', 'right-password', '10.5.0.1'),
    );
    expect(after).toEqual({ 429: 1 });
  });

  it('29 wrong and the right password at once: no more than the limit of guesses is ever checked', async () => {
    await burst(app.url, 1, () => register('mixed@example.com', '10.6.0.1'));
    const { codes } = await burst(app.url, 30, (i) =>
      login('mixed@example.com', i === 29 ? 'right-password' : `guess-${i}`, `10.7.0.${i + 1}`),
    );
    const ok = codes[200] ?? 0;
    const wrong = codes[401] ?? 0;
    // As in some sequential order: the right password is either refused with the rest after
    // the limit, or it came within the first `limit` attempts and reset the counter (as a
    // success does), after which at most `limit` more wrong guesses were checked.
    if (ok === 0)
      expect(codes).toEqual({ 401: FAILURES_PER_ACCOUNT, 429: 30 - FAILURES_PER_ACCOUNT });
    else {
      expect(ok).toBe(1);
      expect(wrong).toBeLessThanOrEqual(2 * FAILURES_PER_ACCOUNT - 1);
      expect(codes[429]).toBe(30 - 1 - wrong);
    }
  });

  it('the audit finds nothing after the bursts', async () => {
    const audit = await auditAfterSettling(app);
    expect(audit.mismatches).toEqual([]);
    expect(audit.accountsChecked).toBeGreaterThan(0);
  });
});
