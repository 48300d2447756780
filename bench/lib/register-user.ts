/** Registers a bench user on a running API and returns its bearer token. */
export async function registerBenchUser(apiUrl: string, username: string): Promise<string> {
  const registered = await fetch(`${apiUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${username}@example.com`, password: 'benchmark', username }),
  });
  if (!registered.ok) throw new Error(`register ${username}: HTTP ${registered.status}`);
  return ((await registered.json()) as { token: string }).token;
}
