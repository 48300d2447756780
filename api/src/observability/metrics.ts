import { WrongExpectedVersionError, type EventStore } from '@app/ledger';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CollectFunction,
} from 'prom-client';

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const GENERATION_SECONDS = [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 180, 300];

/** The credit events and the kind of movement each one is. */
const CREDIT_KINDS: Record<string, string> = {
  CreditsGranted: 'granted',
  CreditsPurchased: 'purchased',
  CreditsReserved: 'held',
  CreditsSpent: 'spent',
  CreditsReleased: 'released',
  CreditsRefunded: 'refunded',
  CreditsExpired: 'expired',
  CreditsRevoked: 'revoked',
};

/** `credits-<id>` → `credits`: a label with a handful of values, never one per user. */
export const streamCategory = (streamId: string) => {
  const dash = streamId.indexOf('-');
  return dash > 0 ? streamId.slice(0, dash) : streamId;
};

/**
 * This process's Prometheus metrics (each API replica and the worker expose their own; sums over
 * replicas are Prometheus's job). Counters count what this process did.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly registers = [this.registry];

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS,
    registers: this.registers,
  });
  readonly graphqlDuration = new Histogram({
    name: 'graphql_operation_duration_seconds',
    help: 'GraphQL operations executed, by operation name and type',
    labelNames: ['operation', 'type'] as const,
    buckets: SECONDS,
    registers: this.registers,
  });
  readonly graphqlErrors = new Counter({
    name: 'graphql_errors_total',
    help: 'Errors in GraphQL results, by operation name and extensions.code',
    labelNames: ['operation', 'code'] as const,
    registers: this.registers,
  });
  readonly generationsStarted = new Counter({
    name: 'generations_started_total',
    help: 'Generations whose credits were held and whose work began',
    labelNames: ['style', 'provider'] as const,
    registers: this.registers,
  });
  readonly generationsSucceeded = new Counter({
    name: 'generations_succeeded_total',
    help: 'Generations delivered (hold captured)',
    labelNames: ['style', 'provider'] as const,
    registers: this.registers,
  });
  readonly generationsFailed = new Counter({
    name: 'generations_failed_total',
    help: 'Generations that failed (hold released), by error code',
    labelNames: ['style', 'provider', 'code'] as const,
    registers: this.registers,
  });
  readonly generationDuration = new Histogram({
    name: 'generation_duration_seconds',
    help: 'From the hold to the capture or release',
    labelNames: ['style', 'provider', 'outcome'] as const,
    buckets: GENERATION_SECONDS,
    registers: this.registers,
  });
  readonly uploadsRefused = new Counter({
    name: 'uploads_refused_total',
    help: 'Uploads refused while they arrived, by reason (storage_full: no room in UPLOAD_TMP_DIR; too_large)',
    labelNames: ['reason'] as const,
    registers: this.registers,
  });
  readonly creditsMoved = new Counter({
    name: 'credits_moved_total',
    help: 'Credits moved by appended events, by kind (granted, purchased, held, spent, released, refunded, expired, revoked)',
    labelNames: ['kind'] as const,
    registers: this.registers,
  });
  readonly eventsAppended = new Counter({
    name: 'event_store_events_appended_total',
    help: 'Events appended, by stream category and event type',
    labelNames: ['category', 'type'] as const,
    registers: this.registers,
  });
  readonly appendDuration = new Histogram({
    name: 'event_store_append_duration_seconds',
    help: 'Event store appends, by stream category and outcome (ok, conflict, error)',
    labelNames: ['category', 'outcome'] as const,
    buckets: SECONDS,
    registers: this.registers,
  });
  readonly appendConflicts = new Counter({
    name: 'event_store_concurrency_retries_total',
    help: 'Appends refused for an unexpected stream version (the command is decided again)',
    labelNames: ['category'] as const,
    registers: this.registers,
  });
  readonly webhookDeliveries = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Stripe webhook deliveries, by outcome (processed, duplicate, ignored, bad_signature, failed)',
    labelNames: ['outcome'] as const,
    registers: this.registers,
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** A gauge read when Prometheus scrapes. */
  gauge<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    collect: CollectFunction<Gauge<L>>,
  ): Gauge<L> {
    return new Gauge({ name, help, labelNames, collect, registers: this.registers });
  }

  /** Counts the credits and events a successful append moved. */
  recordAppend(streamId: string, events: readonly { type: string; data: unknown }[]) {
    const category = streamCategory(streamId);
    for (const event of events) {
      this.eventsAppended.inc({ category, type: event.type });
      const kind = CREDIT_KINDS[event.type];
      const amount = (event.data as { amount?: unknown } | null)?.amount;
      if (kind && typeof amount === 'number') this.creditsMoved.inc({ kind }, amount);
    }
  }

  /** The event store with every append timed and counted. */
  instrumentStore(store: EventStore): EventStore {
    const { appendDuration, appendConflicts } = this;
    const recordAppend = this.recordAppend.bind(this);
    return new Proxy(store, {
      get(target, property, receiver) {
        if (property !== 'append') {
          const value = Reflect.get(target, property, receiver) as unknown;
          return typeof value === 'function' ? value.bind(target) : value;
        }
        const append: EventStore['append'] = async (streamId, events, expected) => {
          const category = streamCategory(streamId);
          const end = appendDuration.startTimer({ category });
          try {
            const result = await target.append(streamId, events, expected);
            end({ outcome: 'ok' });
            recordAppend(streamId, events);
            return result;
          } catch (error) {
            const conflict = error instanceof WrongExpectedVersionError;
            end({ outcome: conflict ? 'conflict' : 'error' });
            if (conflict) appendConflicts.inc({ category });
            throw error;
          }
        };
        return append;
      },
    });
  }
}
