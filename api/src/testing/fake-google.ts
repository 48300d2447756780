import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface FakeGoogleAccount {
  email: string;
  emailVerified: boolean;
  name: string;
  picture?: string;
}

export interface FakeGoogle {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The GOOGLE_* settings that point the app at this provider. */
  env(callbackUrl: string): Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the oidc-provider package) standing in for Google: its dev
 * login form takes any account id, whose claims come from `accounts`.
 */
export async function startFakeGoogle(
  accounts: Record<string, FakeGoogleAccount>,
  callbackUrls: string[],
): Promise<FakeGoogle> {
  const clientId = 'stylised-test-client';
  const clientSecret = 'stylised-test-secret-0123456789abcdef';
  const { createServer } = await import('node:http');
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: callbackUrls,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    routes: { userinfo: '/userinfo' },
    pkce: { required: () => false },
    features: { devInteractions: { enabled: true } },
    async findAccount(_context, id) {
      const account = accounts[id];
      return {
        accountId: id,
        async claims() {
          return account
            ? {
                sub: id,
                email: account.email,
                email_verified: account.emailVerified,
                name: account.name,
                picture: account.picture,
              }
            : { sub: id };
        },
      };
    },
  });
  provider.proxy = false;
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    env: (callbackUrl) => ({
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_AUTHORIZATION_URL: `${issuer}/auth`,
      GOOGLE_TOKEN_URL: `${issuer}/token`,
      GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
      GOOGLE_CALLBACK_URL: callbackUrl,
    }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
