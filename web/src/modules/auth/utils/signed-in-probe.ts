/*
 * One small request, without the GraphQL client, telling a public page whether its visitor is
 * signed in: only then does the signed-in shell (and Apollo with it) load. Asked once per page
 * load; after a sign-in or sign-out in this page the client is loaded and answers instead.
 */
let answer: Promise<boolean> | null = null;

const ask = async (): Promise<boolean> => {
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1' },
    body: JSON.stringify({ query: 'query SignedInProbe { me { id } }' }),
  });
  if (!response.ok) throw new Error(`GraphQL answered ${response.status}`);
  const body = (await response.json()) as { data?: { me: { id: string } | null } };
  if (!body.data) throw new Error('GraphQL answered without data');
  return body.data.me !== null;
};

/** True when signed in; a failed probe counts as signed in, so the shell loads and shows it. */
export const probeSignedIn = (): Promise<boolean> => (answer ??= ask().catch(() => true));
