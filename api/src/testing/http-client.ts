/** A tiny browser stand-in for tests: keeps cookies, sends the CSRF header with GraphQL. */
export class HttpClient {
  private cookies = new Map<string, string>();
  bearer: string | null = null;

  constructor(readonly baseUrl: string) {}

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size)
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (this.bearer) headers.set('authorization', `Bearer ${this.bearer}`);
    const response = await fetch(`${this.baseUrl}${path}`, {
      ...init,
      headers,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      const joined = value.join('=');
      if (/max-age=0/i.test(line) || joined === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), joined);
    }
    return response;
  }

  json(path: string, body: unknown, method = 'POST') {
    return this.fetch(path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  async graphql<T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<{ data?: T; errors?: { message: string; extensions?: { code?: string } }[] }> {
    const response = await this.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1' },
      body: JSON.stringify({ query, variables }),
    });
    return response.json() as Promise<{
      data?: T;
      errors?: { message: string; extensions?: { code?: string } }[];
    }>;
  }

  /** The Cookie header this client sends (for requests made on separate connections). */
  cookieHeader(): Record<string, string> {
    return this.cookies.size
      ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
      : {};
  }

  cookie(name: string) {
    return this.cookies.get(name);
  }
}
