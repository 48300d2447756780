import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../testing/http-client';
import { signedInUser } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/test-app';

const UPDATE = `mutation ($input: UpdateProfileInput!) { updateProfile(input: $input) { id username fullName email credits } }`;
const ME = '{ me { id username fullName } }';

describe('editing one’s own profile', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('changes username and full name over GraphQL, seen at once by the same session', async () => {
    const { client, userId } = await signedInUser(app);
    expect((await client.graphql(ME)).data?.me).toMatchObject({ id: userId }); // the session is now cached
    const result = await client.graphql(UPDATE, {
      input: { username: '  New_Name ', fullName: ' Ada King ' },
    });
    expect(result.data?.updateProfile).toMatchObject({
      id: userId,
      username: 'New_Name',
      fullName: 'Ada King',
      credits: 5,
    });
    expect((await client.graphql(ME)).data?.me).toEqual({
      id: userId,
      username: 'New_Name',
      fullName: 'Ada King',
    });
    // An empty full name clears it; the username shows instead.
    await client.graphql(UPDATE, { input: { username: 'New_Name', fullName: '' } });
    expect((await client.graphql(ME)).data?.me).toMatchObject({ fullName: null });
  });

  it('refuses a username taken by someone else, in any case, and changes nothing', async () => {
    const first = await signedInUser(app);
    const second = await signedInUser(app);
    await first.client.graphql(UPDATE, { input: { username: 'TakenName', fullName: 'First' } });
    const before = (await second.client.graphql<{ me: { username: string } }>(ME)).data!.me;
    const result = await second.client.graphql(UPDATE, {
      input: { username: 'takenname', fullName: 'Second' },
    });
    expect(result.errors?.[0]).toMatchObject({
      message: 'This username is already taken',
      extensions: { code: 'CONFLICT' },
    });
    expect((await second.client.graphql(ME)).data?.me).toEqual({ ...before, fullName: null });
    // Changing only the case of one's own username is allowed.
    expect(
      (await first.client.graphql(UPDATE, { input: { username: 'takenNAME', fullName: 'First' } }))
        .errors,
    ).toBeUndefined();
  });

  it.each([
    [{ username: '', fullName: null }, 'Username is required'],
    [
      { username: 'has space', fullName: null },
      'Username may only contain letters, numbers, dots, dashes and underscores',
    ],
    [{ username: 'x'.repeat(41), fullName: null }, 'Username must be at most 40 characters'],
    [{ username: 'fine', fullName: 'y'.repeat(101) }, 'Full name must be at most 100 characters'],
  ])('validates %j with a clear message', async (input, message) => {
    const { client } = await signedInUser(app);
    const result = await client.graphql(UPDATE, { input });
    expect(result.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('is refused to visitors, on GraphQL and REST', async () => {
    const visitor = new HttpClient(app.url);
    const result = await visitor.graphql(UPDATE, {
      input: { username: 'visitor', fullName: null },
    });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
    const rest = await visitor.json('/api/user/profile', { username: 'visitor' }, 'PATCH');
    expect(rest.status).toBe(401);
    expect(await rest.json()).toMatchObject({ message: 'Unauthorized' });
  });

  it('PATCH /api/user/profile answers the updated profile, and a bad one with {message}', async () => {
    const { token, userId } = await signedInUser(app);
    const api = new HttpClient(app.url);
    api.bearer = token;
    const ok = await api.json(
      '/api/user/profile',
      { username: 'rest_user', fullName: 'Rest User' },
      'PATCH',
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      id: userId,
      username: 'rest_user',
      fullName: 'Rest User',
      credits: 5,
    });
    const bad = await api.json('/api/user/profile', { username: '' }, 'PATCH');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'Username is required' });
    expect((await (await api.fetch('/api/user/profile')).json()).username).toBe('rest_user');
  });
});
