import type { Browser, Page } from 'playwright-core';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser } from '../../../../../api/src/testing/browser';
import { IconDownload } from '../icons/icons';
import { moduleCss, themeCss } from '../testing/component-css';
import buttonStyles from './Button.module.css';
import { Button } from './Button';
import spinnerStyles from './Spinner.module.css';

const css = [
  themeCss(),
  moduleCss(new URL('./Button.module.css', import.meta.url), buttonStyles),
  moduleCss(new URL('./Spinner.module.css', import.meta.url), spinnerStyles),
].join('\n');

describe('Button busy', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
    const markup = renderToStaticMarkup(
      <>
        <div data-testid="with-icon">
          <Button icon={<IconDownload size={18} />}>Download</Button>
          <Button busy icon={<IconDownload size={18} />}>
            Download
          </Button>
        </div>
        <div data-testid="label-only">
          <Button variant="danger">Refund credits</Button>
          <Button variant="danger" busy disabled={false}>
            Refund credits
          </Button>
        </div>
      </>,
    );
    await page.setContent(`<style>${css}</style><main>${markup}</main>`);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const pair = (testId: string) => {
    const buttons = page.getByTestId(testId).getByRole('button');
    return { idle: buttons.nth(0), busy: buttons.nth(1) };
  };

  it('is announced busy and disabled, still named by its label, whatever disabled says', async () => {
    for (const [testId, name] of [
      ['with-icon', 'Download'],
      ['label-only', 'Refund credits'],
    ] as const) {
      const { idle, busy } = pair(testId);
      expect(await busy.getAttribute('aria-busy')).toBe('true');
      expect(await busy.isDisabled()).toBe(true);
      expect(
        await page.getByTestId(testId).getByRole('button', { name, disabled: true }).count(),
      ).toBe(1);
      expect(await idle.getAttribute('aria-busy')).toBeNull();
      expect(await idle.isEnabled()).toBe(true);
    }
  });

  it('shows a spinner in the icon’s place and keeps its width', async () => {
    const { idle, busy } = pair('with-icon');
    expect(await busy.locator('svg').isVisible()).toBe(false);
    const spinner = busy.locator('[aria-hidden="true"]').last();
    expect(await spinner.isVisible()).toBe(true);
    const [idleBox, busyBox] = await Promise.all([idle.boundingBox(), busy.boundingBox()]);
    expect(busyBox?.width).toBe(idleBox?.width);
    expect(busyBox?.height).toBe(idleBox?.height);
    // The spinner turns, so its layout size (not its rotated box) is the icon's.
    expect(await spinner.evaluate((element) => (element as HTMLElement).offsetWidth)).toBe(18);
    const centre = async (locator: typeof spinner) => {
      const box = await locator.boundingBox();
      return box && [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)];
    };
    expect(await centre(spinner)).toEqual(await centre(busy.locator('svg')));
  });

  it('without an icon, puts the spinner over a transparent label and keeps its width', async () => {
    const { idle, busy } = pair('label-only');
    const [idleBox, busyBox] = await Promise.all([idle.boundingBox(), busy.boundingBox()]);
    expect(busyBox?.width).toBe(idleBox?.width);
    expect(busyBox?.height).toBe(idleBox?.height);
    expect(await busy.evaluate((button) => getComputedStyle(button).color)).toBe(
      'rgba(0, 0, 0, 0)',
    );
    const spinner = busy.locator('span > span');
    expect(await spinner.isVisible()).toBe(true);
    expect(await spinner.evaluate((element) => getComputedStyle(element).color)).toBe(
      await idle.evaluate((button) => getComputedStyle(button).color),
    );
  });
});
