import type { Browser, Page } from 'playwright-core';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser } from '../../../../../api/src/testing/browser';
import { moduleCss, themeCss } from '../testing/component-css';
import buttonStyles from './Button.module.css';
import { Button } from './Button';
import formFieldStyles from './FormField.module.css';
import { FormField, formControlClassName } from './FormField';

const css = [
  themeCss(),
  moduleCss(new URL('./Button.module.css', import.meta.url), buttonStyles),
  moduleCss(new URL('./FormField.module.css', import.meta.url), formFieldStyles),
].join('\n');

/** The focused element's outline as the page paints it. */
const focusedOutline = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.activeElement as Element);
    return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor };
  });

// Box shadows are not painted in Windows' high-contrast (forced colours) mode: a focus ring drawn
// only with one disappears there. The controls keep a transparent outline that the mode paints.
describe('keyboard focus in forced colours', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const markup = renderToStaticMarkup(
    <>
      <Button>Generate</Button>
      <FormField id="email" label="Email" required>
        <input id="email" className={formControlClassName} />
      </FormField>
    </>,
  );

  /** Tabs through the button and the field from the top of a fresh page. */
  const focusEachByKeyboard = async () => {
    await page.setContent(`<style>${css}</style><main>${markup}</main>`);
    const outlines = [];
    for (let index = 0; index < 2; index += 1) {
      await page.keyboard.press('Tab');
      outlines.push(await focusedOutline(page));
    }
    return outlines;
  };

  it('shows no outline beside the ring in normal colours', async () => {
    await page.emulateMedia({ forcedColors: 'none' });
    for (const outline of await focusEachByKeyboard())
      expect(outline.color).toBe('rgba(0, 0, 0, 0)');
  });

  it('paints a solid outline in a system colour when colours are forced', async () => {
    await page.emulateMedia({ forcedColors: 'active' });
    for (const outline of await focusEachByKeyboard()) {
      expect(outline.style).toBe('solid');
      expect(outline.width).toBe('2px');
      expect(outline.color).not.toBe('rgba(0, 0, 0, 0)');
    }
  });
});
