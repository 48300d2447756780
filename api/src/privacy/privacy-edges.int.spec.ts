import { randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../testing/http-client';
import { startTestApp, type TestApp } from '../testing/test-app';
import { Sessions } from '../accounts/sessions';
import { exportBlobKey } from './data-export';

// Records found by an email address (messages sent signed out) belong to an account only once it
// has proved it owns that address, and records of another account never do: an address registered
// by someone else first, or one another account used before, reads and erases nothing of others.
// And an erasure leaves no archive of the person, even one an export is writing at that moment.

const SEND = `mutation ($input: ContactMessageInput!) { submitContactMessage(input: $input) { id } }`;

async function register(app: TestApp, email: string) {
  const client = new HttpClient(app.url);
  const response = await client.json('/api/auth/register', {
    email,
    password: 'password-1',
    username: `addr${randomUUID().slice(0, 8)}`,
  });
  expect(response.status).toBe(201);
  return { client, userId: ((await response.json()) as { user: { id: string } }).user.id };
}

describe('records found by email address in an export and an erasure', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  const send = (client: HttpClient, email: string, message: string) =>
    client.graphql(SEND, {
      input: {
        name: 'Someone',
        email,
        subject: 'About my data',
        category: 'GDPR',
        message,
        gdprConsent: true,
      },
    });
  const exportedMessages = async (userId: string) => {
    const files = unzipSync(new Uint8Array(await app.services.dataExports.build(userId)));
    return (
      JSON.parse(new TextDecoder().decode(files['contact-messages.json'])) as { message: string }[]
    ).map((m) => m.message);
  };
  const stored = async (...texts: string[]) =>
    (
      await app.database.pool.query<{ message: string }>(
        'SELECT message FROM contact_messages WHERE message = ANY($1) ORDER BY message',
        [texts],
      )
    ).rows.map((row) => row.message);

  it('an unverified account gets none of the signed-out messages of its address, and its deletion erases none', async () => {
    const address = `addr-${randomUUID().slice(0, 8)}@example.com`;
    const visitorText = `visitor ${randomUUID()}`;
    expect((await send(new HttpClient(app.url), address, visitorText)).errors).toBeUndefined();
    const squatter = await register(app, address);
    expect(await exportedMessages(squatter.userId)).toEqual([]);

    // Verified, the address is the account's: its signed-out messages are in the export.
    await app.database.pool.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [
      squatter.userId,
    ]);
    expect(await exportedMessages(squatter.userId)).toEqual([visitorText]);
    await app.database.pool.query('UPDATE users SET email_verified_at = NULL WHERE id = $1', [
      squatter.userId,
    ]);

    const user = (await app.services.accounts.users.findById(squatter.userId))!;
    await app.services.accountDeletion.erase(user);
    expect(await stored(visitorText)).toEqual([visitorText]);
  });

  it("another account's messages from an address it used before are never this account's", async () => {
    const address = `former-${randomUUID().slice(0, 8)}@example.com`;
    const first = await register(app, address);
    const firstText = `first owner ${randomUUID()}`;
    expect((await send(first.client, address, firstText)).errors).toBeUndefined();
    await app.database.pool.query(`UPDATE users SET email = $2 WHERE id = $1`, [
      first.userId,
      `moved-${randomUUID().slice(0, 8)}@example.com`,
    ]);
    const second = await register(app, address);
    await app.database.pool.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [
      second.userId,
    ]);
    expect(await exportedMessages(second.userId)).toEqual([]);
    await app.services.accountDeletion.erase(
      (await app.services.accounts.users.findById(second.userId))!,
    );
    expect(await stored(firstText)).toEqual([firstText]);
    expect(await exportedMessages(first.userId)).toEqual([firstText]);
  });
});

describe('an export being built when its account is erased', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.services.dataExports.drain();
    await app?.close();
  });

  it('leaves no archive behind, whichever finishes first', async () => {
    const { userId } = await register(app, `erased-${randomUUID().slice(0, 8)}@example.com`);
    const user = { id: userId };
    const exports = app.services.dataExports;
    const build = exports.build.bind(exports);
    // The erasure runs while the archive is being built (after the claim, before it is stored).
    exports.build = async (userId: string) => {
      const archive = await build(userId);
      await app.services.accountDeletion.erase(
        (await app.services.accounts.users.findById(userId))!,
      );
      return archive;
    };
    try {
      const started = await exports.request(user.id);
      await exports.drain();
      expect(await app.services.blobs.exists(exportBlobKey(started.id))).toBe(false);
    } finally {
      exports.build = build;
    }
    expect(await app.services.blobs.list('exports/')).toEqual([]);
  });
});

describe('an erased account', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('gets no new session and no profile change from a request that found it just before', async () => {
    const { userId } = await register(app, `tomb-${randomUUID().slice(0, 8)}@example.com`);
    const user = { id: userId };
    const found = (await app.services.accounts.users.findById(user.id))!;
    await app.services.accountDeletion.erase(found);
    // A Google callback or a profile save that looked the account up before the erasure.
    await expect(new Sessions(app.database.pool).create(found.id)).rejects.toMatchObject({
      status: 401,
    });
    await expect(
      app.services.accounts.users.updateProfile(found.id, {
        username: 'came_back',
        fullName: 'Came Back',
      }),
    ).rejects.toThrow();
    const rows = await app.database.pool.query(
      `SELECT (SELECT count(*) FROM sessions WHERE user_id = $1)::int AS sessions,
         (SELECT full_name FROM users WHERE id = $1) AS name`,
      [found.id],
    );
    expect(rows.rows[0]).toEqual({ sessions: 0, name: null });
  });
});
