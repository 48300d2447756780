import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../testing/http-client';
import { startTestApp, type TestApp } from '../testing/test-app';

const SUBMIT = `mutation ($input: ContactMessageInput!) { submitContactMessage(input: $input) { id } }`;
const valid = {
  name: 'Rosalind',
  email: 'rosalind@example.com',
  subject: 'Invoice',
  category: 'BILLING',
  message: 'Please send me a copy of my last invoice.',
  gdprConsent: true,
  marketingConsent: false,
};

describe('contact messages and page views', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('stores a valid message for the support inbox', async () => {
    const result = await new HttpClient(app.url).graphql<{ submitContactMessage: { id: string } }>(
      SUBMIT,
      { input: valid },
    );
    const id = result.data!.submitContactMessage.id;
    const { rows } = await app.database.pool.query('SELECT * FROM contact_messages WHERE id = $1', [
      id,
    ]);
    expect(rows[0]).toMatchObject({
      name: 'Rosalind',
      category: 'billing',
      message: valid.message,
      gdpr_consent: true,
      handled_at: null,
    });
  });

  it.each([
    [{ name: ' ' }, 'Name is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'nope' }, 'Please enter a valid email address'],
    [{ message: '' }, 'Message is required'],
    [{ message: ' short   ' }, 'Message must be at least 10 characters long'],
    [{ message: 'x'.repeat(1001) }, 'Message must be at most 1000 characters long'],
    [{ gdprConsent: false }, 'You must consent to data processing to submit this form'],
  ])('refuses %j with the spec message and stores nothing', async (change, message) => {
    const before = (
      await app.database.pool.query('SELECT count(*)::int AS n FROM contact_messages')
    ).rows[0].n;
    const result = await new HttpClient(app.url).graphql(SUBMIT, {
      input: { ...valid, ...change },
    });
    expect(result.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    expect(
      (await app.database.pool.query('SELECT count(*)::int AS n FROM contact_messages')).rows[0].n,
    ).toBe(before);
  });

  it('counts page views per path and day, without anything about the visitor', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await new HttpClient(app.url).json('/api/analytics/page-view', {
        path: '/about',
      });
      expect(response.status).toBe(204);
    }
    expect(
      (
        await new HttpClient(app.url).json('/api/analytics/page-view', {
          path: 'javascript:alert(1)',
        })
      ).status,
    ).toBe(400);
    // Only the pages we count: a stream of invented paths cannot grow the table.
    expect(
      (await new HttpClient(app.url).json('/api/analytics/page-view', { path: '/made-up-1' }))
        .status,
    ).toBe(400);
    const { rows } = await app.database.pool.query(
      `SELECT views FROM page_view_counts WHERE path = '/about'`,
    );
    expect(Number(rows[0].views)).toBe(3);
  });
});
