import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../testing/browser';
import { startFakeGoogle, type FakeGoogle } from '../../testing/fake-google';
import { HttpClient } from '../../testing/http-client';
import { freePort } from '../../testing/spawn-api';
import { startTestApp, type TestApp } from '../../testing/test-app';

/** Through the provider's own login and consent pages, as a person would. */
async function signInWithGoogle(
  page: Page,
  appUrl: string,
  accountId: string,
  redirect = '/pricing',
) {
  await page.goto(`${appUrl}/auth/google?redirect=${encodeURIComponent(redirect)}`);
  await page.locator('input[name="login"]').fill(accountId);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/interaction\/.+/);
  await page.locator('button[type="submit"]').click(); // consent
  await page.waitForURL(
    (url) => url.href.startsWith(appUrl) && url.searchParams.get('auth_success') === 'true',
  );
  return new URL(page.url());
}

/** Asks the API with the browser context's cookies (the page itself may be any document). */
async function currentUser(page: Page, appUrl: string) {
  const response = await page.context().request.get(`${appUrl}/api/auth/user`);
  return {
    status: response.status(),
    body: response.status() === 200 ? await response.json() : null,
  };
}

describe('Google sign-in, end to end against a local OpenID provider', () => {
  let google: FakeGoogle;
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    const port = await freePort();
    const callbackUrl = `http://127.0.0.1:${port}/auth/google/callback`;
    google = await startFakeGoogle(
      {
        'google-new': {
          email: 'new.person@example.com',
          emailVerified: true,
          name: 'New Person',
          picture: 'https://example.com/new.png',
        },
        'google-ada': { email: 'ADA@example.com', emailVerified: true, name: 'Ada L.' },
        'google-unverified': {
          email: 'grace@example.com',
          emailVerified: false,
          name: 'Not Grace',
        },
      },
      [callbackUrl],
    );
    app = await startTestApp({ PORT: String(port), ...google.env(callbackUrl) }, (config) => ({
      ...config,
      port,
    }));
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await google?.close();
  });

  it('creates an account with 5 credits, sets the session and lands on /?auth_success=true', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const landed = await signInWithGoogle(page, app.url, 'google-new', '/pricing');
    expect(landed.pathname).toBe('/');
    expect(landed.searchParams.get('redirect')).toBe('/pricing');
    const cookies = await context.cookies(app.url);
    expect(cookies.find((c) => c.name === 'sa_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    const user = await currentUser(page, app.url);
    expect(user).toMatchObject({
      status: 200,
      body: {
        email: 'new.person@example.com',
        fullName: 'New Person',
        credits: 5,
        profileImageUrl: 'https://example.com/new.png',
      },
    });
    // Signing in again finds the same account: still one account, still 5 credits.
    const again = await (await browser.newContext()).newPage();
    await signInWithGoogle(again, app.url, 'google-new');
    expect((await currentUser(again, app.url)).body).toMatchObject({
      id: user.body.id,
      credits: 5,
    });
    await context.close();
  });

  it('signs into the existing password account with the same verified email: one person, one balance', async () => {
    const registered = await (
      await new HttpClient(app.url).json('/api/auth/register', {
        email: 'ada@example.com',
        password: 'analytical',
        username: 'ada',
      })
    ).json();
    const page = await (await browser.newContext()).newPage();
    await signInWithGoogle(page, app.url, 'google-ada');
    const user = await currentUser(page, app.url);
    expect(user.body).toMatchObject({ id: registered.user.id, username: 'ada', credits: 5 });
    const accounts = await app.database.pool.query(
      `SELECT count(*)::int AS n FROM users WHERE lower(email) = 'ada@example.com'`,
    );
    expect(accounts.rows[0].n).toBe(1);
    // Nobody had proved owning the address when the password account was made: whoever set that
    // password (it may not have been Ada) can no longer use it, and their sessions are gone.
    const login = await new HttpClient(app.url).json('/api/auth/login', {
      email: 'ada@example.com',
      password: 'analytical',
    });
    expect(login.status).toBe(401);
    const earlier = new HttpClient(app.url);
    earlier.bearer = registered.token;
    expect((await earlier.fetch('/api/auth/user')).status).toBe(401);
  });

  it('does not link an unverified Google email to an existing account', async () => {
    await new HttpClient(app.url).json('/api/auth/register', {
      email: 'grace@example.com',
      password: 'compiler',
      username: 'grace',
    });
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${app.url}/auth/google`);
    await page.locator('input[name="login"]').fill('google-unverified');
    await page.locator('input[name="password"]').fill('x');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/interaction\/.+/);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('error')).toBe('google_email_unverified');
    expect((await currentUser(page, app.url)).status).toBe(401);
  });

  it('refuses a callback whose state does not match', async () => {
    const response = await new HttpClient(app.url).fetch(
      '/auth/google/callback?code=stolen&state=forged',
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/auth?error=google_denied');
  });
});
