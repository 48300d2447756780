import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  type E2eSession,
  MOBILE,
  registerViaApi,
  startE2eSession,
} from './support/e2e-session';
import { fixturePhoto } from '../../api/src/testing/fixtures';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const START = new Date('2025-06-16T10:00:00Z');
/** FIRST_PAINT_TIMEOUT_MS in web/src/main.tsx. */
const FIRST_PAINT_FALLBACK_MS = 3000;

const slider = (page: Page) => page.getByRole('slider', { name: 'Before and after comparison' });
const position = async (page: Page) => Number(await slider(page).getAttribute('aria-valuenow'));

describe('the action figure form and the before/after sliders', () => {
  let session: E2eSession;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    session = await startE2eSession();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await session?.close();
  });

  /** A page whose timers only move when the test says so, with motion allowed. */
  async function pageWithClock(
    url: string,
    {
      viewport = DESKTOP,
      hasTouch = false,
    }: { viewport?: { width: number; height: number }; hasTouch?: boolean } = {},
  ) {
    const context = await session.browser.newContext({
      viewport,
      hasTouch,
      baseURL: session.server.url,
      reducedMotion: 'no-preference',
    });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.clock.install({ time: START });
    await page.clock.pauseAt(new Date(START.getTime() + 1000));
    await page.goto(url);
    // The app starts after the first contentful paint, and Chromium reports none while the clock is
    // paused: move the clock past main.tsx's fallback (3 s) so the app starts. No demo timer runs
    // yet, since React has not mounted.
    const painted = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
    );
    if (!painted) await page.clock.runFor(FIRST_PAINT_FALLBACK_MS);
    // The page is prerendered: its slider shows before React has hydrated it and started the demo.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated, undefined, {
      polling: 100,
    });
    await slider(page).waitFor();
    return page;
  }

  /** Moves the fake clock and waits for React to show the slider's new position. */
  async function after(page: Page, ms: number, expected: number) {
    await page.clock.runFor(ms);
    await expect.poll(() => position(page)).toBe(expected);
  }

  async function dragTo(page: Page, clientX: number) {
    const handle = await slider(page).boundingBox();
    if (!handle) throw new Error('The slider handle is not visible');
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(clientX, handle.y + handle.height / 2, { steps: 4 });
    await page.mouse.up();
  }

  it('sweeps a creator slider from 50 after 1 s, by 1 every 50 ms between 5 and 95, until dragged', async () => {
    const page = await pageWithClock('/ghibli');
    expect(await position(page)).toBe(50);
    await after(page, 999, 50);
    await after(page, 1, 50);
    await after(page, 50, 51);
    await after(page, 44 * 50, 95);
    await after(page, 50, 94);
    await after(page, 89 * 50, 5);
    await after(page, 50, 6);

    const stage = (await page.getByTestId('slider-after-image').boundingBox())!;
    await dragTo(page, stage.x - 200);
    expect(await position(page)).toBe(0);
    await after(page, 2000, 0);
    await dragTo(page, stage.x + stage.width + 200);
    expect(await position(page)).toBe(100);
    await dragTo(page, stage.x + stage.width / 4);
    expect(await position(page)).toBe(25);
    await after(page, 2000, 25);

    await slider(page).focus();
    await page.keyboard.press('ArrowRight');
    expect(await position(page)).toBe(26);
    await page.keyboard.press('PageDown');
    expect(await position(page)).toBe(16);
    await page.keyboard.press('Home');
    expect(await position(page)).toBe(0);
    await page.keyboard.press('End');
    expect(await position(page)).toBe(100);
    expect(await slider(page).getAttribute('aria-valuetext')).toBe('100% before, 0% after');
  });

  it('stops the sweep on a touch drag on a phone', async () => {
    const page = await pageWithClock('/chibi', { viewport: MOBILE, hasTouch: true });
    await after(page, 1000 + 10 * 50, 60);
    await slider(page).scrollIntoViewIfNeeded();
    const handle = (await slider(page).boundingBox())!;
    const stage = (await page.getByTestId('slider-after-image').boundingBox())!;
    const y = handle.y + handle.height / 2;
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x?: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: x === undefined ? [] : [{ x, y }],
      });
    await touch('touchStart', handle.x + handle.width / 2);
    for (const fraction of [0.5, 0.3, 0.2])
      await touch('touchMove', stage.x + stage.width * fraction);
    await touch('touchEnd');
    await expect.poll(() => position(page)).toBe(20);
    await after(page, 3000, 20);
  });

  it('runs the action figure demo: three sweeps 20 to 80, then settles at 50; a drag stops it within 5 to 95', async () => {
    const page = await pageWithClock('/action-figure');
    await after(page, 1000, 50);
    await after(page, 500, 20);
    await after(page, 1000, 50);
    await after(page, 1000, 80);
    await after(page, 1000, 80);
    await after(page, 2000, 20);
    await after(page, 3000, 80);
    await after(page, 1000, 50);
    await after(page, 10_000, 50);

    const reload = await pageWithClock('/action-figure-creator');
    await after(reload, 1000 + 1500, 50);
    const stage = (await reload.getByTestId('slider-after-image').boundingBox())!;
    await dragTo(reload, stage.x - 100);
    expect(await position(reload)).toBe(5);
    await after(reload, 3000, 5);
    await dragTo(reload, stage.x + stage.width + 100);
    expect(await position(reload)).toBe(95);
    await slider(reload).press('End');
    expect(await position(reload)).toBe(95);
  });

  it('validates the action figure form, applies the accessory rules and keeps Create disabled until there is a prompt', async () => {
    const page = await session.newPage();
    await registerViaApi(page);
    await page.goto('/action-figure');
    const tool = page.getByTestId('creator-tool');
    const create = tool.getByRole('button', { name: 'Create Action Figure' });
    await create.waitFor();
    expect(await create.isDisabled()).toBe(true);
    expect(await tool.innerText()).toContain('Generate or type a prompt first');
    expect(await tool.getByRole('radio').count()).toBe(20);
    expect(await tool.locator('fieldset label:has(input[type=radio]) svg').count()).toBe(20);
    expect(await tool.getByLabel('Pose').locator('option:not([disabled])').count()).toBe(11);
    expect(await tool.getByLabel('Style').locator('option:not([disabled])').count()).toBe(9);

    // The spec's messages, each cleared by editing its own field.
    const messages = [
      'Name is required',
      'Profession is required',
      'Pose is required',
      'Style is required',
    ];
    await tool.getByRole('button', { name: 'Generate Prompt' }).click();
    for (const message of messages) expect(await tool.getByText(message).count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe(
      'given-name',
    );
    const remaining = async () => {
      const text = await tool.innerText();
      return messages.filter((message) => text.includes(message));
    };
    await tool.getByLabel('Name').fill('   ');
    expect(await remaining()).toEqual(messages.slice(1));
    await tool.getByRole('radio', { name: 'Astronaut' }).check();
    expect(await remaining()).toEqual(messages.slice(2));
    await tool.getByLabel('Pose').selectOption('Victory Pose');
    await tool.getByLabel('Style').selectOption('Modern Collectible');
    expect(await remaining()).toEqual([]);
    // A name of spaces is still no name.
    await tool.getByRole('button', { name: 'Generate Prompt' }).click();
    expect(await remaining()).toEqual(['Name is required']);
    await tool.getByLabel('Name').fill('Eileen');
    expect(await remaining()).toEqual([]);

    // Accessories: suggestions of the preset, Add and Enter, trimmed, no empties, no duplicates.
    const count = () => tool.getByText(/^\d+\/12$/).innerText();
    const suggested = tool.getByRole('list', { name: 'Suggested accessories' });
    expect(await suggested.getByRole('button').count()).toBe(6);
    await suggested.getByRole('button', { name: 'Space helmet' }).click();
    expect(
      await suggested.getByRole('button', { name: 'Space helmet' }).getAttribute('aria-pressed'),
    ).toBe('true');
    const input = tool.getByLabel('Add your own accessory');
    const yours = tool.getByRole('list', { name: 'Your accessories' });
    await input.fill('  Flight plan  ');
    await tool.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await yours.getByRole('listitem').allInnerTexts()).toEqual(['Flight plan']);
    expect(await input.inputValue()).toBe('');
    await input.fill('   ');
    await input.press('Enter');
    await input.fill('flight PLAN');
    await input.press('Enter');
    await input.fill('space helmet');
    await tool.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await count()).toBe('2/12');
    await input.fill('Moon boots');
    await input.press('Enter');
    expect(await yours.getByRole('listitem').allInnerTexts()).toEqual([
      'Flight plan',
      'Moon boots',
    ]);
    await yours.getByRole('button', { name: 'Remove Moon boots' }).click();
    expect(await count()).toBe('2/12');

    // Choosing another profession, or typing one, clears the accessories.
    await tool.getByRole('radio', { name: 'Pilot' }).check();
    expect(await count()).toBe('0/12');
    expect(await suggested.getByRole('button', { name: 'Aviator sunglasses' }).count()).toBe(1);
    await input.fill('Map');
    await input.press('Enter');
    expect(await count()).toBe('1/12');
    await tool.getByLabel('Or type your own profession').fill('Mission Commander');
    expect(await count()).toBe('0/12');
    expect(await tool.getByRole('radio', { checked: true }).count()).toBe(0);
    expect(await suggested.count()).toBe(0);
    await input.fill('Helmet');
    await input.press('Enter');

    // The prompt comes from the API; Create follows whether a prompt exists.
    await tool.getByRole('button', { name: 'Generate Prompt' }).click();
    const prompt = tool.getByRole('textbox', { name: /^Prompt/ });
    await expect
      .poll(() => prompt.inputValue())
      .toContain('action figure of Eileen, Mission Commander, in a modern collectible style');
    expect(await prompt.inputValue()).toContain('Helmet');
    expect(await create.isEnabled()).toBe(true);
    expect(await tool.innerText()).toContain('5 credits available · 1 generation remaining');
    await prompt.fill('   ');
    expect(await create.isDisabled()).toBe(true);
    await prompt.fill('A boxed astronaut figure with a helmet');
    expect(await create.isEnabled()).toBe(true);
    await tool.getByLabel('Name').fill('Eileen C.');
    await tool.getByText('You changed your figure after this prompt was written.').waitFor();

    // Profile image: required; files that are not images are silently ignored.
    await create.click();
    await tool.getByText('Profile image is required').waitFor();
    await tool
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    expect(await tool.getByText('This file is not a supported image.').count()).toBe(0);
    expect(await tool.getByAltText('Preview of your photo').count()).toBe(0);
    await tool.locator('input[type=file]').setInputFiles(fixturePhoto('astronaut.png'));
    await expect.poll(() => tool.getByText('Profile image is required').count()).toBe(0);
    await create.click();
    await expect
      .poll(() => page.getByTestId('slider-after-image').getAttribute('src'), { timeout: 60_000 })
      .toMatch(/^\/api\/generations\/[0-9a-f-]{36}\/image$/);
    await tool.getByRole('link', { name: 'Get More Credits (0/5 needed)' }).waitFor();

    const [result] = await Promise.all([
      page.waitForEvent('download'),
      tool.getByRole('button', { name: 'Download PNG' }).click(),
    ]);
    expect(result.suggestedFilename()).toMatch(/^action-figure-\d{8}-\d{6}\.png$/);
    const [example] = await Promise.all([
      page.waitForEvent('download'),
      tool
        .getByRole('region', { name: 'Example figures' })
        .getByRole('button', { name: 'Download' })
        .first()
        .click(),
    ]);
    expect(example.suggestedFilename()).toMatch(
      /^action-figure-example-astronaut-\d{8}-\d{6}\.png$/,
    );
    const file = path.join(
      await fs.mkdtemp(path.join(os.tmpdir(), 'figure-example-')),
      example.suggestedFilename(),
    );
    await example.saveAs(file);
    expect((await fs.readFile(file)).subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    await page.context().close();
  }, 120_000);
});
