import type { IncomingMessage, ServerResponse } from 'node:http';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { inSpan, logScope, tracer, tracingEnabled, type EventStore } from '@app/ledger';
import type { ImageProvider } from '../generation/engine/image-provider';
import { routeOf } from './request-log';

// The process-wide setup (OTLP exporter, Postgres spans) is shared with the projections worker
// (@app/ledger's tracing); the API's own seams are here.
export {
  currentTraceId,
  flushTracing,
  inSpan,
  startTracing,
  stopTracing,
  tracer,
  tracingEnabled,
} from '@app/ledger';

/**
 * One server span per HTTP request, continuing a caller's `traceparent`; the route and status
 * are set when the response ends, and the trace id goes into the request's log lines.
 */
export function traceRequest(request: IncomingMessage, response: ServerResponse, next: () => void) {
  if (!tracingEnabled()) return next();
  const headers = request.headers;
  // The W3C propagators read only these two headers: without them there is nothing to extract.
  const parent =
    headers.traceparent === undefined && headers.baggage === undefined
      ? context.active()
      : propagation.extract(context.active(), headers);
  const path = (request.url ?? '/').split('?')[0]!;
  const span = tracer().startSpan(
    `${request.method ?? 'GET'} ${path.startsWith('/api/') || path === '/graphql' ? path : 'static'}`,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method ?? 'GET' } },
    parent,
  );
  const traceId = span.spanContext().traceId;
  const scope = logScope.getStore();
  if (scope) scope.traceId = traceId;
  // `on`, not `once`: a response closes once, and once wraps the listener in a bound copy.
  response.on('close', () => {
    const route = routeOf(request);
    if (route) {
      span.setAttribute('http.route', route);
      span.updateName(`${request.method ?? 'GET'} ${route}`);
    }
    span.setAttribute('http.response.status_code', response.statusCode);
    if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  context.with(trace.setSpan(parent, span), next);
}

/** The event store with a span around every append. */
export function traceStore(store: EventStore): EventStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (property !== 'append') return typeof value === 'function' ? value.bind(target) : value;
      const append: EventStore['append'] = (streamId, events, expected) =>
        inSpan(
          'eventstore.append',
          {
            'eventstore.stream.category': streamId.split('-')[0] ?? streamId,
            'eventstore.events': events.length,
            'eventstore.event_types': events.map((event) => event.type).join(','),
          },
          () => target.append(streamId, events, expected),
          SpanKind.CLIENT,
        );
      return append;
    },
  });
}

/** The image provider with a span around submitting a job and waiting for its image. */
export function traceProvider(provider: ImageProvider): ImageProvider {
  return {
    name: provider.name,
    submit: (input) =>
      inSpan(
        'provider.submit',
        { 'provider.name': provider.name, 'generation.style': input.style },
        () => provider.submit(input),
        SpanKind.CLIENT,
      ),
    wait: (predictionId, signal) =>
      inSpan(
        'provider.wait',
        { 'provider.name': provider.name },
        () => provider.wait(predictionId, signal),
        SpanKind.CLIENT,
      ),
    check: (predictionId) =>
      inSpan(
        'provider.check',
        { 'provider.name': provider.name },
        () => provider.check(predictionId),
        SpanKind.CLIENT,
      ),
  };
}
