import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import express from 'express';
import type { Lifecycle } from '../composition/lifecycle';
import type { Runtime } from '../composition/runtime';
import type { Services } from '../composition/services';
import { createGraphQLServer, graphqlBodyRefusal } from '../graphql/yoga';
import { authenticate, compileTrustProxy, sameOriginForCookies } from './auth/authenticate';
import { healthRouter } from './health';
import { operatorRouter } from './operator-routes';
import { OperatorService } from '../operator/operator-service';
import { authRoutes } from './rest/auth-routes';
import { accountRoutes } from './rest/account-routes';
import { googleRoutes } from './auth/google-routes';
import { generationRoutes } from './rest/generation-routes';
import { shareRoutes } from '../sharing/share-routes';
import { pageViewRoutes } from '../analytics/page-views';
import { giftRoutes } from '../gifts/gift-routes';
import { billingRoutes } from '../billing/billing-routes';
import { staffRoutes } from '../staff/staff-routes';
import { waitForUserStreams } from '../composition/read-your-writes';
import { localCheckoutRoutes } from '../billing/local/local-checkout-routes';
import { jsonErrorHandler } from './rest/error-handler';
import { securityHeaders, setApiSecurityHeaders } from './security-headers';
import { staticWebRouter } from './static-web';
import { noteRequest, requestLogger, type TrustProxy } from '../observability/request-log';
import { metricsRouter, observeHttp } from '../observability/app-metrics';
import { traceRequest } from '../observability/tracing';

export interface AppOptions {
  operatorToken?: string;
  /** Draining state and requests in flight (graceful shutdown, readiness). */
  lifecycle?: Lifecycle;
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
  // Follows whatever `trust proxy` the Express app is configured with.
  const logRequest = requestLogger(app.get('trust proxy fn') as TrustProxy);
  const lifecycle = options.lifecycle;
  const https = services.config.publicUrl.startsWith('https:');
  return (request: IncomingMessage, response: ServerResponse) => {
    observeHttp(services.metrics, request, response);
    // Draining with hand-off: answered without being served (the balancer sends it elsewhere).
    if (lifecycle?.track(request, response)) return;
    logRequest(request, response, () =>
      traceRequest(request, response, () => dispatch(request, response)),
    );
  };

  function dispatch(request: IncomingMessage, response: ServerResponse) {
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
      noteRequest(request, { route: graphql.graphqlEndpoint });
      void graphql(request, response);
      return;
    }
    app(request, response);
  }
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
  app.use(healthRouter(runtime, options.lifecycle));
  // Operators only: the operator token here, or unguarded on the private METRICS_PORT.
  app.use(
    metricsRouter(
      services.metrics,
      options.operatorToken ? { operatorToken: options.operatorToken } : 'closed',
    ),
  );
  if (options.operatorToken)
    app.use(operatorRouter(runtime, options.operatorToken, new OperatorService(services)));

  app.use(authenticate(services.accounts, trust));
  app.use(sameOriginForCookies([services.config.publicUrl]));
  app.use(
    authRoutes({ accounts: services.accounts, pool: services.pool, cookies: services.cookies }),
  );
  app.use(accountRoutes(services));
  app.use(googleRoutes(services.config.google, services.accounts, services.cookies));
  app.use(generationRoutes(services));
  app.use(shareRoutes(services));
  app.use(pageViewRoutes(services.pool));
  app.use(billingRoutes(services));
  app.use(giftRoutes(services));
  app.use(staffRoutes(services));
  if (services.localBilling) {
    const settled = (userId: string) =>
      waitForUserStreams(services.ledger, services.projections, userId);
    app.use(localCheckoutRoutes(services.localBilling, services.idempotency, settled));
  }

  app.use('/api', (request, response) => {
    response.status(404).json({
      message: `There is no API endpoint at ${request.method} ${request.originalUrl.split('?')[0]}`,
    });
  });
  app.use(staticWebRouter(runtime.config.webDistDir, { publicUrl: services.config.publicUrl }));
  app.use(jsonErrorHandler());
  return app;
}
