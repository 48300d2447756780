import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type E2eSession,
  newAccount,
  registerViaApi,
  startE2eSession,
  toast,
} from './support/e2e-session';
import { FIXTURE_PHOTOS } from '../../api/src/testing/fixtures';

const PHOTOS = FIXTURE_PHOTOS;
const ASTRONAUT = path.join(PHOTOS, 'astronaut.png');
const CHELSEA = path.join(PHOTOS, 'chelsea.png');
/** A 1 × 1 GIF: browsers decode it, the server takes only JPEG, PNG and WEBP. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const UNREADABLE =
  'This file is not a readable image: it may be damaged or not a photo at all. Please choose another JPG, PNG or WEBP photo.';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The local engine takes this long, so the waiting UI can be seen. */
const PROVIDER_DELAY_MS = 2500;

const tool = (page: Page) => page.getByTestId('creator-tool');
const headerCredits = (page: Page, credits: number) =>
  page.getByRole('banner').getByRole('link', { name: new RegExp(`^${credits} credits`) });
const afterImage = (page: Page) => page.getByTestId('slider-after-image');

/** The decoded size of a loaded image (naturalWidth is density-corrected by Chromium). */
const decodedWidth = (image: ReturnType<Page['locator']>) =>
  image.evaluate(async (img: HTMLImageElement) => {
    if (!img.complete || img.naturalWidth === 0) return 0;
    return (await createImageBitmap(img)).width;
  });

/** Waits for the result to replace the after image, and for it to load (1024×1024). */
async function waitForResult(page: Page) {
  await expect
    .poll(() => afterImage(page).getAttribute('src'), { timeout: 60_000 })
    .toMatch(/^\/api\/generations\/[0-9a-f-]{36}\/image$/);
  await expect.poll(() => decodedWidth(afterImage(page))).toBe(1024);
}

/** Saves a download and checks its name and that it is a PNG. */
async function expectPngDownload(download: Download, name: RegExp) {
  expect(download.suggestedFilename()).toMatch(name);
  const file = path.join(
    await fs.mkdtemp(path.join(os.tmpdir(), 'creators-download-')),
    download.suggestedFilename(),
  );
  await download.saveAs(file);
  const bytes = await fs.readFile(file);
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  return bytes;
}

describe('the creators, generating against the real server and the local image engine', () => {
  let session: E2eSession;
  beforeAll(async () => {
    session = await startE2eSession({ LOCAL_PROVIDER_DELAY_MS: String(PROVIDER_DELAY_MS) });
  });
  afterAll(async () => {
    await session?.close();
  });

  it('generates on a style page, runs out of credits, buys Pro, generates again and finds both in My creations', async () => {
    const page = await session.newPage();
    await registerViaApi(page);
    await page.goto('/snoopy');
    const create = tool(page).getByRole('button', { name: 'Create Snoopy Character' });
    await create.waitFor();
    expect(await tool(page).innerText()).toContain('5 credits available · 1 generation remaining');
    expect(await tool(page).getByLabel('Custom Prompt').inputValue()).toBe(
      'Turn this image into a Snoopy comic strip character',
    );
    expect(await tool(page).getByText('JPG, PNG or WEBP').count()).toBe(1);
    const placeholder = await afterImage(page).getAttribute('src');
    expect(placeholder).toMatch(/^\/showcase\//);

    await tool(page).locator('input[type=file]').setInputFiles(ASTRONAUT);
    await tool(page).getByAltText('Preview of your photo').waitFor();
    expect(await page.getByTestId('slider-before-image').getAttribute('src')).toMatch(/^blob:/);
    await create.click();

    // Waiting: a spinner on the button, what is happening and the time so far, announced politely.
    await tool(page).getByRole('button', { name: 'Generating...' }).waitFor();
    const progress = page.getByTestId('generation-progress');
    await progress.waitFor();
    expect(await progress.getByRole('status').innerText()).toBe('Uploading your photo');
    expect(await progress.innerText()).toMatch(/0:0\d/);
    // Then what the server reports: the image service is drawing it.
    await progress
      .getByRole('status')
      .getByText(/^Creating your /)
      .waitFor({ timeout: 5_000 });
    // The page stays usable: the slider still answers while the image is made.
    await page.getByRole('slider', { name: 'Before and after comparison' }).press('Home');
    expect(await page.getByRole('slider').getAttribute('aria-valuenow')).toBe('0');
    // Browsing elsewhere meanwhile: the result is announced there and waits on its page.
    const sidebar = page.getByRole('complementary', { name: 'Styles and credits' });
    await sidebar.getByRole('link', { name: /Pixar Style/ }).click();
    await page.waitForURL('**/pixar');
    await expect
      .poll(() => toast(page).innerText(), { timeout: 60_000 })
      .toContain('Your comic-strip character is ready');
    await headerCredits(page, 0).waitFor();
    await sidebar.getByRole('link', { name: /Snoopy Comic/ }).click();
    await page.waitForURL('**/snoopy');

    await waitForResult(page);
    expect(await progress.count()).toBe(0);
    expect(await tool(page).getByRole('status').innerText()).toContain(
      'Your comic-strip character is ready',
    );
    // The result's share and claim parts (they load with the GraphQL client) show with it.
    await tool(page)
      .getByRole('button', { name: /Get your 5 credits back/ })
      .waitFor();
    await tool(page).getByRole('button', { name: 'Share', exact: true }).waitFor();
    const outOfCredits = tool(page).getByRole('link', { name: 'Get More Credits (0/5 needed)' });
    await outOfCredits.waitFor();
    await headerCredits(page, 0).waitFor();
    expect(
      await page.getByRole('complementary', { name: 'Styles and credits' }).innerText(),
    ).toContain('0 generations remaining');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      tool(page).getByRole('button', { name: 'Download PNG' }).click(),
    ]);
    await expectPngDownload(download, /^ai-snoopy-character-\d{8}-\d{6}\.png$/);

    // Out of credits: the red button leads to the plans; Pro through the local hosted checkout.
    expect(
      await outOfCredits.evaluate((element) => getComputedStyle(element).backgroundColor),
    ).toBe('rgb(192, 38, 45)');
    await outOfCredits.click();
    await page.waitForURL('**/pricing');
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/billing/checkout/'));
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId('profile-credits').innerText();
        },
        { timeout: 15_000 },
      )
      .toBe('300');

    await page.goto('/chibi-creator');
    const createChibi = tool(page).getByRole('button', { name: 'Create Chibi Art' });
    await createChibi.waitFor();
    expect(await tool(page).innerText()).toContain(
      '300 credits available · 60 generations remaining',
    );
    await tool(page).locator('input[type=file]').setInputFiles(CHELSEA);
    await tool(page).getByLabel('Custom Prompt').fill('Give her a tiny red scarf');
    await createChibi.click();
    await waitForResult(page);
    await headerCredits(page, 295).waitFor();
    expect(await tool(page).innerText()).toContain(
      '295 credits available · 59 generations remaining',
    );

    await tool(page).getByRole('link', { name: 'My creations' }).click();
    await page.waitForURL('**/creations');
    const gallery = page.getByRole('list', { name: 'Your creations' });
    await expect.poll(() => gallery.getByRole('listitem').count()).toBe(2);
    const [chibi, snoopy] = [
      gallery.getByRole('article').nth(0),
      gallery.getByRole('article').nth(1),
    ];
    expect(await chibi.innerText()).toContain('Chibi');
    expect(await chibi.innerText()).toContain('Give her a tiny red scarf');
    expect(await snoopy.innerText()).toContain('Snoopy Comic');
    // Each result says how long it is kept (RESULT_RETENTION_DAYS, 90 by default).
    expect(await chibi.innerText()).toMatch(/Kept until \S/);
    await expect
      .poll(() => chibi.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(1024);

    await chibi.getByRole('button', { name: 'View', exact: true }).click();
    const viewer = page.getByRole('dialog', { name: 'Chibi' });
    await viewer.waitFor();
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      viewer.getByRole('button', { name: 'Download PNG' }).click(),
    ]);
    await expectPngDownload(again, /^chibi-art-character-\d{8}-\d{6}\.png$/);
    await page.keyboard.press('Escape');
    await expect.poll(() => viewer.count()).toBe(0);
    await page.context().close();
  }, 120_000);

  it('sends a signed-out visitor to the login modal and back to the same page after signing in', async () => {
    const setup = await session.newPage();
    const account = await registerViaApi(setup, newAccount('back'));
    await setup.context().close();

    const page = await session.newPage();
    await page.goto('/pixar-creator');
    const login = tool(page).getByRole('button', { name: 'Login to Generate' });
    await login.waitFor();
    await login.click();
    const dialog = page.getByRole('dialog', { name: 'Welcome back' });
    await dialog.waitFor();
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => toast(page).innerText()).toContain('Welcome back!');
    await tool(page).getByRole('button', { name: 'Generate Pixar Character' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/pixar-creator');
    expect(await tool(page).innerText()).toContain('5 credits available');
    await page.context().close();
  });

  it('says when My creations cannot be loaded, and Try again shows the wait, then the gallery', async () => {
    const page = await session.newPage();
    await registerViaApi(page, newAccount('offline'));
    await page.route('**/graphql', (route) => route.abort('internetdisconnected'));
    await page.goto('/creations');
    const main = page.getByRole('main');
    const failed = main.getByRole('heading', { name: 'We could not load your creations' });
    await failed.waitFor();

    // Back online, with the answer held until the wait has been seen.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.unroute('**/graphql');
    await page.route('**/graphql', async (route) => {
      await released;
      await route.fallback();
    });
    await main.getByRole('button', { name: 'Try again' }).click();
    await main.getByRole('status', { name: 'Loading your creations' }).waitFor();
    expect(await failed.count()).toBe(0);
    release();
    await main.getByRole('heading', { name: 'No creations yet' }).waitFor();
    await page.context().close();
  });

  it('explains refused uploads at once or from the server, and leaves the credits as they were', async () => {
    const page = await session.newPage();
    await registerViaApi(page);
    await page.goto('/image-to-anime');
    const transform = tool(page).getByRole('button', { name: 'Transform to Anime' });
    await transform.waitFor();
    expect(await tool(page).getByLabel('Custom Prompt').inputValue()).toBe(
      'Transform this image to anime',
    );

    // No photo yet: the last pre-check's message.
    await transform.click();
    await tool(page).getByText('Image is required').waitFor();

    // Not an image: refused in the browser, nothing is sent.
    const input = tool(page).locator('input[type=file]');
    await input.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await tool(page)
      .getByText('This file is not a supported image. Please upload a JPG, PNG or WEBP photo.')
      .waitFor();

    // A PNG cut short: the browser cannot decode it and says so at once, with no preview.
    const truncated = (await fs.readFile(ASTRONAUT)).subarray(0, 4000);
    await input.setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: truncated });
    await tool(page).getByText(UNREADABLE).waitFor();
    expect(await tool(page).getByAltText('Preview of your photo').count()).toBe(0);

    // A GIF named .png: the browser can show it, the server refuses it by its bytes (red box).
    await input.setInputFiles({ name: 'disguised.png', mimeType: 'image/png', buffer: GIF });
    await tool(page).getByRole('button', { name: 'Remove photo' }).waitFor();
    await transform.click();
    const box = page.getByTestId('generation-error');
    await box.waitFor();
    expect(await box.innerText()).toContain(
      'This file is not a supported image. Please upload a JPG, PNG or WEBP photo.',
    );
    expect(await box.getAttribute('role')).toBe('alert');
    expect(await transform.isEnabled()).toBe(true);
    expect(await tool(page).innerText()).toContain('5 credits available');
    await headerCredits(page, 5).waitFor();
    const me = await page.request.post('/graphql', {
      headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1' },
      data: { query: '{ me { credits } }' },
    });
    expect(await me.json()).toEqual({ data: { me: { credits: 5 } } });

    // Remove clears the file, the preview and the outcome.
    await tool(page).getByRole('button', { name: 'Remove photo' }).click();
    expect(await tool(page).getByAltText('Preview of your photo').count()).toBe(0);
    expect(await box.count()).toBe(0);
    expect(await afterImage(page).getAttribute('src')).toMatch(/^\/showcase\//);

    // Pages without the red box say it in a toast and over the preview.
    await page.goto('/ghibli');
    await tool(page)
      .locator('input[type=file]')
      .setInputFiles({ name: 'disguised.png', mimeType: 'image/png', buffer: GIF });
    await tool(page).getByRole('button', { name: 'Generate Ghibli Art' }).click();
    await expect
      .poll(() => toast(page).innerText())
      .toContain('This file is not a supported image');
    expect(await toast(page).innerText()).toContain('Your Ghibli scene could not be made');
    expect(await tool(page).innerText()).toContain('No image this time');
    expect(await tool(page).innerText()).toContain('5 credits available');
    await page.context().close();
  });
});
