import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../../../api/src/testing/browser';
import { startE2eServer, type E2eServer } from '../../../api/src/testing/e2e-server';

export const DESKTOP = { width: 1280, height: 900 } as const;
export const MOBILE = { width: 375, height: 812 } as const;

/** One real server and one headless Chromium, shared by the tests of a file. */
export interface E2eSession {
  server: E2eServer;
  browser: Browser;
  /** A fresh browser context (own cookies and storage) and a page in it. */
  newPage(options?: { viewport?: { width: number; height: number } }): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Public pages are prerendered: they show (and `goto` resolves) before React has hydrated them,
 * when a click or a chosen file would do nothing yet. Every full page load of the app therefore
 * also waits for the app to mark the document live (AppRoot); other documents (the local
 * checkout) have no `#root` and are not waited for.
 */
function waitForHydrationOnLoad(page: Page) {
  const hydrated = () =>
    page.waitForFunction(
      () => !document.getElementById('root') || document.documentElement.dataset.hydrated,
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
}

export async function startE2eSession(env: Record<string, string> = {}): Promise<E2eSession> {
  const [server, browser] = await Promise.all([startE2eServer(env), launchBrowser()]);
  const contexts = new Set<BrowserContext>();
  return {
    server,
    browser,
    async newPage({ viewport = DESKTOP } = {}) {
      const context = await browser.newContext({
        viewport,
        baseURL: server.url,
        reducedMotion: 'reduce',
      });
      contexts.add(context);
      context.on('close', () => contexts.delete(context));
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      waitForHydrationOnLoad(page);
      return page;
    },
    async close() {
      await Promise.all([...contexts].map((context) => context.close().catch(() => undefined)));
      await browser?.close();
      await server?.stop();
    },
  };
}

let counter = 0;
/** A new, unique account's details. */
export const newAccount = (label = 'user') => {
  const id = `${label}${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    fullName: `Test ${label}`,
    username: id,
    email: `${id}@example.com`,
    password: 'secret-pass-1',
  };
};

export type Account = ReturnType<typeof newAccount>;

/** Posts a GraphQL operation as the browser page would (its cookies, the CSRF header). */
export async function graphqlAs<T>(
  page: Page,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await page.request.post('/graphql', {
    headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1' },
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((error) => error.message).join('; '));
  return body.data as T;
}

/** Registers through the API in the page's context, so the page is signed in (session cookie). */
export async function registerViaApi(
  page: Page,
  account: Account = newAccount(),
): Promise<Account> {
  await graphqlAs(
    page,
    'mutation ($input: RegisterInput!) { register(input: $input) { user { id } } }',
    {
      input: account,
    },
  );
  return account;
}

/** The current toast's text (title and description). */
export const toast = (page: Page) => page.getByRole('region', { name: 'Notifications' });
