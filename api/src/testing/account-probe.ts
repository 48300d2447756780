import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { fixturePhoto } from './fixtures';
import type { HttpClient } from './http-client';

// What a user (or API client) sees of one account, over real HTTP: the REST profile, GraphQL `me`
// and the newest credit-history movement. Tests compare all three with what they expect.

export interface AccountView {
  rest: number;
  graphql: number;
  history: number;
  held: number;
  plan: string;
  status: string;
  cancelAtPeriodEnd: boolean;
}

export async function viewAccount(client: HttpClient): Promise<AccountView> {
  const [profile, gql] = await Promise.all([
    client.fetch('/api/user/profile').then((r) => r.json() as Promise<{ credits: number }>),
    client.graphql<{
      me: {
        credits: number;
        currentPlan: string;
        subscriptionStatus: string;
        cancelAtPeriodEnd: boolean;
      };
      myCreditHistory: {
        movements: { balanceAfter: number; heldDelta: number; inProgress: boolean }[];
      };
    }>(
      '{ me { credits currentPlan subscriptionStatus cancelAtPeriodEnd } myCreditHistory(first: 20) { movements { balanceAfter heldDelta inProgress } } }',
    ),
  ]);
  if (gql.errors) throw new Error(JSON.stringify(gql.errors));
  const { movements } = gql.data!.myCreditHistory;
  const newest = movements[0];
  return {
    rest: profile.credits,
    graphql: gql.data!.me.credits,
    // The user's history leaves out released holds, so its newest row can be one written while a
    // hold was open; its balance counts held credits too, so with none held now it is the
    // available balance.
    history: newest?.balanceAfter ?? 0,
    // Holds of generations still running are the only held credits the user's history shows.
    held: movements.filter((m) => m.inProgress).reduce((sum, m) => sum + m.heldDelta, 0),
    plan: gql.data!.me.currentPlan,
    status: gql.data!.me.subscriptionStatus,
    cancelAtPeriodEnd: gql.data!.me.cancelAtPeriodEnd,
  };
}

let smallPhoto: Promise<Buffer> | null = null;
/** The Chelsea fixture photo, scaled down once so many generations stay quick. */
export const testPhoto = () =>
  (smallPhoto ??= readFile(fixturePhoto('chelsea.png')).then((bytes) =>
    sharp(bytes).resize(320).png().toBuffer(),
  ));

export async function generate(client: HttpClient, style = 'ghibli') {
  const form = new FormData();
  form.set('style', style);
  form.set(
    'profileImage',
    new Blob([new Uint8Array(await testPhoto())], { type: 'image/png' }),
    'photo.png',
  );
  const response = await client.fetch('/api/generate-image', { method: 'POST', body: form });
  return {
    status: response.status,
    body: (await response.json()) as { url?: string; message?: string },
  };
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** Local checkout: create-subscription, then Pay on the hosted page (as the browser does). */
export async function buyPlan(client: HttpClient, planId: 'pro' | 'ultra') {
  const created = await client.json('/api/create-subscription', { planId });
  if (created.status !== 200) return { status: created.status, body: await created.json() };
  const { url } = (await created.json()) as { url: string };
  const paid = await client.fetch(`${url}/pay`, { method: 'POST' });
  return { status: paid.status, location: paid.headers.get('location'), url };
}

/** A local billing-portal action: cancel, resume, or switch (with the plan). */
export async function portalAction(
  client: HttpClient,
  action: 'cancel' | 'resume' | 'switch',
  planId?: 'pro' | 'ultra',
) {
  const portal = await client.fetch('/api/create-portal-session', { method: 'POST' });
  if (portal.status !== 200) return portal.status;
  const { url } = (await portal.json()) as { url: string };
  const response = await client.fetch(`${url}/${action}`, {
    method: 'POST',
    headers: form,
    body: planId ? `planId=${planId}` : '',
  });
  return response.status;
}
