import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../testing/http-client';
import { startTestApp, type TestApp } from '../testing/test-app';
import { systemContext } from '../shared/request-context';

// Issue 18, 6: a verified Google sign-in that joins a password account ends the password and every
// session of it, including sessions of password sign-ins that were in flight during the link.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('password sign-ins racing a Google link', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      LOGIN_FAILURES_PER_ACCOUNT: '1000',
      LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS: '1000',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('no password session created during the link survives it (5 trials of a 24-login burst)', async () => {
    let succeeded = 0;
    for (let trial = 0; trial < 5; trial++) {
      const email = `race-${randomUUID().slice(0, 8)}@example.com`;
      const owner = new HttpClient(app.url);
      const registered = await owner.json('/api/auth/register', {
        email,
        password: 'password-1',
        username: `race_${randomUUID().slice(0, 8)}`,
      });
      expect(registered.status).toBe(201);
      const { user } = (await registered.json()) as { user: { id: string } };

      // A burst of password sign-ins, each on its own connection, spread out; the link starts as
      // soon as the first of them has signed in, so the rest are in flight while it runs.
      let firstSignedIn: () => void = () => undefined;
      const someoneSignedIn = new Promise<void>((resolve) => (firstSignedIn = resolve));
      const logins = Array.from({ length: 24 }, async (_, index) => {
        await sleep(index * 12);
        const response = await fetch(`${app.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify({ email, password: 'password-1' }),
        });
        if (response.status === 200) firstSignedIn();
        return { status: response.status, body: (await response.json()) as { token?: string } };
      });
      await Promise.race([someoneSignedIn, sleep(20_000)]);
      const linked = await app.services.accounts.signInWithGoogle(
        {
          subject: `google-${randomUUID()}`,
          email,
          emailVerified: true,
          name: 'Race Owner',
          pictureUrl: null,
        },
        systemContext('google-link-race'),
      );
      const answers = await Promise.all(logins);
      expect(answers.every((a) => a.status === 200 || a.status === 401)).toBe(true);
      const tokens = answers.filter((a) => a.status === 200).map((a) => a.body.token!);
      succeeded += tokens.length;

      // Every password session is revoked; only the Google session lives.
      const live = await app.database.pool.query<{ id: string }>(
        'SELECT id FROM sessions WHERE user_id = $1 AND revoked_at IS NULL',
        [user.id],
      );
      expect(live.rows.map((row) => row.id)).toEqual([linked.session.id]);
      for (const token of tokens) {
        const client = new HttpClient(app.url);
        client.bearer = token;
        expect((await client.fetch('/api/auth/user')).status).toBe(401);
      }
      const google = new HttpClient(app.url);
      google.bearer = linked.token;
      expect((await google.fetch('/api/auth/user')).status).toBe(200);
      // And the password no longer signs in.
      expect(
        (await new HttpClient(app.url).json('/api/auth/login', { email, password: 'password-1' }))
          .status,
      ).toBe(401);
    }
    // The bursts did create sessions while the link ran (else the race was not exercised).
    expect(succeeded).toBeGreaterThan(0);
  });
});
