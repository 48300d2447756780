import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePhoto } from '../../api/src/testing/fixtures';
import { freePort, spawnApi, type SpawnedApi } from '../../api/src/testing/spawn-api';
import {
  type E2eSession,
  graphqlAs,
  newAccount,
  registerViaApi,
  startE2eSession,
} from './support/e2e-session';

const tool = (page: Page) => page.getByTestId('creator-tool');
const afterImage = (page: Page) => page.getByTestId('slider-after-image');

/** What a chat app sees: the HTML as sent, no JavaScript run. */
const fetchHtml = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, html: await response.text() };
};
const statusOf = async (url: string) => (await fetch(url)).status;
const ogImage = (html: string) =>
  /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1] ?? null;

// Two API processes on one database: the one the browser uses (projections in-process) and a
// second one (projections left to the first), as two replicas behind a balancer would be.
describe.skipIf(!process.env.DATABASE_URL)('sharing a result, end to end', () => {
  let session: E2eSession;
  let second: SpawnedApi;
  let publicUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    session = await startE2eSession({ PORT: String(port), PUBLIC_URL: publicUrl });
    const pool = session.server.pool!;
    second = await spawnApi({
      DATA_DIR: session.server.dataDir,
      DATABASE_URL: (pool as unknown as { options: { connectionString: string } }).options
        .connectionString,
      PROJECTIONS_MODE: 'worker',
      PUBLIC_URL: publicUrl,
    });
  }, 180_000);
  afterAll(async () => {
    await second?.stop();
    await session?.close();
  });

  it('shares from the creator, opens signed out, stops at once on both servers, shares again, and ends with the generation', async () => {
    const page = await session.newPage();
    const account = await registerViaApi(page, newAccount('sharer'));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: session.server.url,
    });
    await page.goto('/ghibli');
    await tool(page).locator('input[type=file]').setInputFiles(fixturePhoto('chelsea.png'));
    await tool(page).getByAltText('Preview of your photo').waitFor();
    await tool(page)
      .getByRole('button', { name: /Ghibli/ })
      .first()
      .click();
    await expect
      .poll(() => afterImage(page).getAttribute('src'), { timeout: 90_000 })
      .toMatch(/^\/api\/generations\/[0-9a-f-]{36}\/image$/);
    const generationId = (await afterImage(page).getAttribute('src'))!.split('/')[3]!;

    // Beside "Download PNG": Share, then the dialog with the original photo ticked.
    await tool(page).getByRole('button', { name: 'Download PNG' }).waitFor();
    await tool(page).getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this image' });
    await dialog.getByLabel('Include my original photo').check();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const shared = page.getByRole('dialog', { name: 'Shared' });
    const link = await shared.getByLabel('Public link').inputValue();
    expect(link).toMatch(new RegExp(`^${session.server.url}/s/[A-Za-z0-9_-]{24}$`));
    const shareId = link.split('/s/')[1]!;
    expect(Buffer.from(shareId, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    await shared.getByRole('button', { name: 'Copy link' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await shared.getByRole('button', { name: 'Close' }).click();
    await tool(page).getByRole('button', { name: 'Copy link' }).waitFor();

    // Signed out, in a fresh browser: the page shows the result, the original and "Make your own".
    const visitor = await session.newPage();
    await visitor.goto(link);
    const result = visitor.getByRole('img', { name: /Ghibli Style picture/ });
    await expect
      .poll(() =>
        result.evaluate((img: HTMLImageElement) => (img.naturalWidth > 0 ? img.currentSrc : '')),
      )
      .toMatch(new RegExp(`/s/${shareId}/image-\\d+\\.webp$`));
    await visitor.getByRole('img', { name: 'The original photo' }).waitFor();
    await visitor.getByRole('link', { name: 'Make your own' }).click();
    await visitor.waitForURL('**/ghibli');

    // As sent, without JavaScript: og:image is the result, absolute, and anyone may fetch it.
    const { status, html } = await fetchHtml(link);
    expect(status).toBe(200);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).not.toContain('<script');
    for (const personal of [account.email, account.username, account.fullName])
      expect(html).not.toContain(personal);
    const image = ogImage(html)!;
    expect(image).toBe(`${publicUrl}/s/${shareId}/image.png`);
    const anyone = await fetch(image);
    expect(anyone.status).toBe(200);
    expect(anyone.headers.get('content-type')).toBe('image/png');
    expect((await fetch(`${second.url}/s/${shareId}/image.png`)).status).toBe(200);
    expect((await fetchHtml(`${second.url}/s/${shareId}`)).status).toBe(200);

    // Stop sharing: 404 at once, here and on the second server.
    await tool(page).getByRole('button', { name: 'Shared' }).click();
    await shared.getByRole('button', { name: 'Stop sharing' }).click();
    await expect.poll(() => tool(page).getByRole('button', { name: 'Copy link' }).count()).toBe(0);
    for (const origin of [session.server.url, second.url]) {
      expect(await statusOf(`${origin}/s/${shareId}`)).toBe(404);
      expect(await statusOf(`${origin}/s/${shareId}/image.png`)).toBe(404);
      expect(await statusOf(`${origin}/s/${shareId}/original.jpg`)).toBe(404);
    }
    await visitor.goto(link);
    await visitor.getByRole('heading', { name: 'This link is not shared' }).waitFor();

    // Someone else cannot share it (refused as if it did not exist).
    const stranger = await session.newPage();
    await registerViaApi(stranger, newAccount('stranger'));
    await expect(
      graphqlAs(
        stranger,
        'mutation ($input: ShareGenerationInput!) { shareGeneration(input: $input) { id } }',
        { input: { generationId } },
      ),
    ).rejects.toThrow('Generation not found');

    // Share again from My creations (a new link), then delete the generation there.
    await page.goto('/creations');
    const card = page.getByRole('article').first();
    await card.getByRole('button', { name: 'Share', exact: true }).click();
    await expect
      .poll(() =>
        page
          .getByRole('dialog', { name: 'Share this image' })
          .getByLabel('Include my original photo')
          .isDisabled(),
      )
      .toBe(true);
    await page.getByRole('button', { name: 'Create link' }).click();
    const again = await page
      .getByRole('dialog', { name: 'Shared' })
      .getByLabel('Public link')
      .inputValue();
    expect(again).not.toBe(link);
    const againId = again.split('/s/')[1]!;
    await page
      .getByRole('dialog', { name: 'Shared' })
      .getByRole('button', { name: 'Close' })
      .click();
    expect(await statusOf(`${second.url}/s/${againId}/image.png`)).toBe(200);
    const againHtml = await fetchHtml(again);
    expect(againHtml.html).not.toContain('original.jpg');

    await card.getByRole('button', { name: 'Delete' }).click();
    await card.getByRole('button', { name: 'Delete' }).last().click();
    await page.getByText('No creations yet').waitFor();
    for (const origin of [session.server.url, second.url]) {
      expect(await statusOf(`${origin}/s/${againId}`)).toBe(404);
      expect(await statusOf(`${origin}/s/${againId}/image.png`)).toBe(404);
    }
  }, 240_000);
});
