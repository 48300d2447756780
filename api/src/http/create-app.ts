import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import express from 'express';
import type { Runtime } from '../composition/runtime';
import type { Services } from '../composition/services';
import { createGraphQLServer, graphqlBodyRefusal } from '../graphql/yoga';
import { authenticate, compileTrustProxy, sameOriginForCookies } from './auth/authenticate';
import { healthRouter } from './health';
import { operatorRouter } from './operator-routes';
import { OperatorService } from '../operator/operator-service';
import { authRoutes } from './rest/auth-routes';
import { googleRoutes } from './auth/google-routes';
import { generationRoutes } from './rest/generation-routes';
import { pageViewRoutes } from '../analytics/page-views';
import { billingRoutes } from '../billing/billing-routes';
import { staffRoutes } from '../staff/staff-routes';
import { localCheckoutRoutes } from '../billing/local/local-checkout-routes';
import { jsonErrorHandler } from './rest/error-handler';
import { securityHeaders, setApiSecurityHeaders } from './security-headers';
import { staticWebRouter } from './static-web';

export interface AppOptions {
  operatorToken?: string;
}

/**
 * The HTTP handler: GraphQL goes straight to Yoga (the hot path, no Express middleware on it),
 * everything else to the Express app.
 */
export function createApp(
  runtime: Runtime,
  services: Services,
  options: AppOptions = {},
): RequestListener {
  const graphql = createGraphQLServer(services);
  const app = createExpressApp(runtime, services, options);
  const https = services.config.publicUrl.startsWith('https:');
  return (request: IncomingMessage, response: ServerResponse) => {
    const path = request.url ?? '/';
    if (path === graphql.graphqlEndpoint || path.startsWith(`${graphql.graphqlEndpoint}?`)) {
      // GraphiQL (development only) loads its page from a CDN: it keeps Yoga's own headers.
      if (services.config.production || request.method !== 'GET')
        setApiSecurityHeaders(response, { https });
      const refusal = graphqlBodyRefusal(request);
      if (refusal) {
        response.writeHead(refusal, { 'content-type': 'application/json', connection: 'close' });
        response.end(
          JSON.stringify({
            errors: [
              {
                message:
                  refusal === 413 ? 'The request is too large' : 'Content-Length is required',
              },
            ],
          }),
        );
        return;
      }
      void graphql(request, response);
      return;
    }
    app(request, response);
  };
}

function createExpressApp(runtime: Runtime, services: Services, options: AppOptions) {
  const app = express();
  app.disable('x-powered-by');
  app.use(
    securityHeaders({
      https: services.config.publicUrl.startsWith('https:'),
      webDistDir: runtime.config.webDistDir,
    }),
  );
  const trust = compileTrustProxy(services.config.trustProxy);
  // request.ip, request.protocol and request.hostname believe only the proxies TRUST_PROXY names.
  app.set('trust proxy', trust);
  app.use(healthRouter(runtime));
  if (options.operatorToken)
    app.use(operatorRouter(runtime, options.operatorToken, new OperatorService(services)));

  app.use(authenticate(services.accounts, trust));
  app.use(sameOriginForCookies([services.config.publicUrl]));
  app.use(
    authRoutes({ accounts: services.accounts, pool: services.pool, cookies: services.cookies }),
  );
  app.use(googleRoutes(services.config.google, services.accounts, services.cookies));
  app.use(generationRoutes(services));
  app.use(pageViewRoutes(services.pool));
  app.use(billingRoutes(services));
  app.use(staffRoutes(services));
  if (services.localBilling)
    app.use(localCheckoutRoutes(services.localBilling, services.idempotency));

  app.use('/api', (_request, response) => {
    response.status(404).json({ message: 'Not found' });
  });
  app.use(staticWebRouter(runtime.config.webDistDir));
  app.use(jsonErrorHandler());
  return app;
}
