import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpClient } from '../testing/http-client';
import { startTestApp, type TestApp } from '../testing/test-app';

const OUTBOX = `query { mailOutbox(first: 10) { transport messages { kind to subject text } } }`;

describe('mail without SMTP: the outbox table, the log, and the staff console', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('keeps the mail, prints it to the log, and shows it to admins only', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const user = new HttpClient(app.url);
    const email = `outbox-${Date.now()}@example.com`;
    await user.json('/api/auth/register', {
      email,
      password: 'password-1',
      username: `ob${Date.now()}`,
    });
    const asked = await new HttpClient(app.url).json('/api/auth/forgot-password', { email });
    expect(asked.status, await asked.clone().text()).toBe(200);
    await app.services.mail.drain();
    const printed = log.mock.calls.map((call) => String(call[0])).join('\n');
    log.mockRestore();
    expect(printed).toContain(`[outbox] mail to ${email}: Reset your Stylised password`);
    expect(printed).toMatch(/\| Choose a new password: http:\/\/\S+\/reset-password\?token=/);

    expect(app.services.mail.mailer.transport).toBe('outbox');
    const stored = await app.services.pool.query(
      `SELECT kind, subject, html_body FROM outbox_mail WHERE to_address = $1 AND kind = 'password-reset'`,
      [email],
    );
    expect(stored.rows).toEqual([
      expect.objectContaining({ kind: 'password-reset', subject: 'Reset your Stylised password' }),
    ]);
    expect(stored.rows[0].html_body).toContain('<a href="http');

    const denied = await user.graphql(OUTBOX);
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const adminEmail = `admin-${Date.now()}@example.com`;
    const admin = new HttpClient(app.url);
    const registered = await admin.json('/api/auth/register', {
      email: adminEmail,
      password: 'password-1',
      username: `adm${Date.now()}`,
    });
    const adminId = ((await registered.json()) as { user: { id: string } }).user.id;
    await app.services.accounts.users.setRoles(adminId, ['admin']);
    app.services.accounts.forgetUser(adminId);
    const seen = await admin.graphql<{
      mailOutbox: { transport: string; messages: { to: string; kind: string; text: string }[] };
    }>(OUTBOX);
    expect(seen.data?.mailOutbox.transport).toBe('outbox');
    expect(seen.data?.mailOutbox.messages).toContainEqual(
      expect.objectContaining({
        to: email,
        kind: 'password-reset',
        text: expect.stringContaining('/reset-password?token='),
      }),
    );
  });
});
