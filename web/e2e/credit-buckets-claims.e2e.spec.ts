import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_PHOTOS } from '../../api/src/testing/fixtures';
import { type E2eSession, registerViaApi, startE2eSession, toast } from './support/e2e-session';

describe('the balance by bucket and claiming credits back, in Chromium', () => {
  let session: E2eSession;
  beforeAll(async () => {
    session = await startE2eSession({ PAYMENTS: 'local' });
  });
  afterAll(async () => {
    await session?.close();
  });

  it('shows plan and free credits with their expiry on the profile and in the sidebar; a claim gives 5 credits back', async () => {
    const page = await session.newPage();
    await registerViaApi(page);
    // Pro through the local hosted checkout: 300 plan credits that end with the period.
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/billing/checkout/'));
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await expect.poll(() => toast(page).innerText()).toContain('Subscription started');

    const buckets = page.getByTestId('credit-buckets').first();
    await expect
      .poll(
        async () => {
          await page.reload();
          await buckets.waitFor();
          return buckets.innerText();
        },
        { timeout: 15_000 },
      )
      .toMatch(/Plan credits\s*300 credits\s*300 credits expire on \d{1,2} \w{3}/);
    const text = await buckets.innerText();
    expect(text).toMatch(/Pack credits\s*0 credits/);
    expect(text).toMatch(
      /Free credits\s*5 credits\s*Signup and goodwill credits; they never expire/,
    );
    expect(text).toContain('Spent soonest-expiring first: plan credits, then free credits.');

    // Five images (a claim is allowed for 1 in 5 of a user's generations).
    const photo = await fs.readFile(path.join(FIXTURE_PHOTOS, 'chelsea.png'));
    for (let i = 0; i < 5; i++) {
      const response = await page.request.post('/api/generate-image', {
        multipart: {
          style: 'ghibli',
          profileImage: { name: 'cat.png', mimeType: 'image/png', buffer: photo },
        },
        timeout: 120_000,
      });
      expect(response.status()).toBe(200);
    }

    // The sidebar widget's detail, on a creator page.
    await page.goto('/ghibli');
    const sidebar = page.getByRole('complementary', { name: 'Styles and credits' });
    await sidebar.getByText('By bucket').click();
    await expect
      .poll(() => sidebar.getByTestId('credit-buckets').innerText())
      .toMatch(/Plan credits\s*275 credits/);

    // My creations: open the newest result and claim its credits back.
    await page.goto('/creations');
    await page.getByRole('article').first().getByRole('button').first().click();
    const viewer = page.getByRole('dialog');
    await viewer.getByRole('button', { name: /Get your 5 credits back/ }).click();
    await viewer.getByRole('radio', { name: 'It doesn’t look like me' }).check();
    await viewer.getByRole('button', { name: 'Give me my 5 credits back' }).click();
    await viewer.getByTestId('claim-done').waitFor();
    await page.keyboard.press('Escape');

    await page.goto('/profile');
    await expect
      .poll(() => page.getByTestId('profile-credits').innerText(), { timeout: 15_000 })
      .toBe('285');
    const history = page.getByRole('region', { name: 'Credit history' });
    await expect.poll(() => history.innerText()).toContain('Refund: Ghibli image');
    await page.context().close();
  }, 240_000);
});
