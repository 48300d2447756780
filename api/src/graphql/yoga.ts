import { useOperationTracing } from './trace-operations';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GraphQLError } from 'graphql';
import { createFetch } from '@whatwg-node/fetch';
import { createYoga, maskError as defaultMaskError } from 'graphql-yoga';
import { useHiddenSuggestions } from './hidden-suggestions';
import { MAX_UPLOAD_BYTES } from '../generation/upload/sanitize-upload';
import type { Services } from '../composition/services';
import { toAppError } from '../shared/errors';
import {
  compileTrustProxy,
  requestContextOf,
  viewerOf,
  type Viewer,
} from '../http/auth/authenticate';
import { noteRequest } from '../observability/request-log';
import { componentLogger } from '@app/ledger';
import type { GraphQLContext } from './context';
import { schema } from './schema';
import { useRequestObservation } from './request-observation';
import { useRequestBodyLimit } from './request-body-limit';
import { useMultipartUploads, type MultipartLimits } from './multipart-uploads';
import { decodeGenerationPhotosWhileArriving } from './generation-photo-uploads';
import { uploadFolderIn } from '../generation/upload/upload-folder';
import { graphqlObserver } from '../observability/app-metrics';

export const CSRF_HEADER = 'x-graphql-yoga-csrf';
/** A query and its variables; uploads are multipart and bounded by formDataLimits instead. */
export const MAX_GRAPHQL_BODY_BYTES = 64 * 1024;

/**
 * Yoga reads a JSON body whole: refuse large or unsized ones before it starts. Returns the HTTP
 * status to answer with, or null when the request may go on.
 */
export function graphqlBodyRefusal(request: IncomingMessage): 411 | 413 | null {
  if (request.method !== 'POST') return null;
  if ((request.headers['content-type'] ?? '').startsWith('multipart/form-data')) return null;
  const declared = request.headers['content-length'];
  if (declared === undefined) return 411;
  return Number(declared) > MAX_GRAPHQL_BODY_BYTES ? 413 : null;
}

/** Expected errors keep their message and carry `extensions.code`; everything else is masked. */
function maskError(error: unknown, message: string, isDev?: boolean): Error {
  const original = error instanceof GraphQLError ? (error.originalError ?? error) : error;
  const expected = toAppError(original);
  if (expected) {
    const retryAfter = expected.details?.retryAfterSeconds;
    return new GraphQLError(expected.message, {
      ...(error instanceof GraphQLError ? { nodes: error.nodes, path: error.path } : {}),
      extensions: {
        code: expected.code,
        ...expected.details,
        // "Come back later" answers keep their HTTP meaning (Yoga strips `http` from the body).
        ...(expected.status === 503 && typeof retryAfter === 'number'
          ? { http: { status: 503, headers: { 'Retry-After': String(retryAfter) } } }
          : {}),
      },
    });
  }
  if (error instanceof GraphQLError && !error.originalError) return error; // parse and validation errors
  // Variables that do not coerce: a GraphQLError inside one, before any field ran (no path).
  // A value a resolver returned that does not serialise has a path: that one is ours, masked.
  if (
    error instanceof GraphQLError &&
    error.originalError instanceof GraphQLError &&
    error.path === undefined
  )
    return new GraphQLError(error.message, {
      nodes: error.nodes,
      extensions: { ...error.extensions, code: 'BAD_USER_INPUT' },
    });
  // Logged inside the request's scope: the line carries its request id.
  componentLogger('graphql').error({ err: original }, 'unexpected GraphQL error');
  return defaultMaskError(error, message, isDev);
}

/** One photo per request, at most 10 MB: larger uploads stop while streaming, not after. */
const UPLOAD_LIMITS: MultipartLimits = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 256 * 1024,
};

export function createGraphQLServer(services: Services) {
  const trust = compileTrustProxy(services.config.trustProxy);
  // Once per request: the upload parser (to decode a photo as it arrives) and the context both ask.
  const viewers = new WeakMap<IncomingMessage, Promise<Viewer | null>>();
  const viewerOnce = (req: IncomingMessage) => {
    let viewer = viewers.get(req);
    if (!viewer) viewers.set(req, (viewer = viewerOf(req, services.accounts)));
    return viewer;
  };
  return createYoga<{ req: IncomingMessage; res: ServerResponse }, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    // Requests built in-process (no Node request): Yoga's own formData, with the same limits.
    fetchAPI: createFetch({ formDataLimits: UPLOAD_LIMITS }),
    landingPage: false,
    // The web app is served from PUBLIC_URL itself; no other origin may read answers or send
    // preflighted (CSRF-header-carrying) requests with a user's cookie.
    cors: { origin: services.config.publicUrl, credentials: true },
    // Expected errors are answers, not incidents; maskError logs the unexpected ones.
    logging: false,
    graphiql: !services.config.production,
    maskedErrors: { maskError },
    // Enforced by useRequestBodyLimit (same limit, no counting stream for sized bodies).
    maxRequestBodySize: false,
    // GraphQL is served straight from Node's HTTP server, not through Express: identify here.
    context: async ({ req, res }) => {
      const viewer = await viewerOnce(req);
      if (viewer) noteRequest(req, { userId: viewer.user.id });
      return { viewer, services, request: requestContextOf(req, trust), http: { req, res } };
    },
    plugins: [
      useRequestObservation(graphqlObserver(services.metrics)),
      useOperationTracing(),
      useCSRFPrevention({ requestHeaders: [CSRF_HEADER] }),
      maxDepthPlugin({ n: 10, exposeLimits: false }),
      costLimitPlugin({ maxCost: 5_000, exposeLimits: false }),
      // The web client is generated from the committed schema.graphql; production need not describe itself.
      ...(services.config.production
        ? [
            // "Did you mean …?" would name fields and enum values to someone probing the schema.
            useHiddenSuggestions(),
            useDisableIntrospection(),
          ]
        : []),
      // Last: it wraps whichever request parser the plugins above settled on.
      useRequestBodyLimit(),
      // After it: multipart bodies from Node are bounded by these limits as busboy reads them.
      useMultipartUploads(
        uploadFolderIn(services.config.generation.uploadDir),
        UPLOAD_LIMITS,
        (reason) => services.metrics.uploadsRefused.inc({ reason }),
        decodeGenerationPhotosWhileArriving(services, viewerOnce),
      ),
    ],
  });
}
