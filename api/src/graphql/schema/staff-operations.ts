import { componentLogger, formatPosition, START_POSITION, type RecordedEvent } from '@app/ledger';
import type { ProjectionStatus } from '@app/projections';
import type { LedgerAuditRun } from '../../operator/ledger-audit-service';
import { badInput } from '../../shared/errors';
import { isUuid } from '../../shared/uuid';
import { builder } from '../builder';

const ProjectionStatusRef = builder.objectRef<ProjectionStatus>('ProjectionStatus').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    version: t.exposeInt('version'),
    schemaVersion: t.exposeInt('schemaVersion'),
    current: t.exposeBoolean('current', {
      description: 'Built by the projection code now running',
    }),
    status: t.exposeString('status', {
      description:
        'live, building, or abandoned (building, but its process is gone: the next rebuild or worker start drops it)',
    }),
    checkpoint: t.string({ resolve: (s) => formatPosition(s.checkpoint) }),
    head: t.string({ nullable: true, resolve: (s) => (s.head ? formatPosition(s.head) : null) }),
    eventsBehind: t.exposeInt('eventsBehind'),
    secondsBehind: t.float({ resolve: (s) => s.secondsBehind }),
    eventsApplied: t.exposeInt('eventsApplied'),
    buildTarget: t.exposeInt('buildTarget', {
      nullable: true,
      description: 'Events to replay in a rebuild (for its progress bar)',
    }),
    lastError: t.exposeString('lastError', { nullable: true }),
  }),
});

const EventRef = builder.objectRef<RecordedEvent>('LoggedEvent').implement({
  description: 'One event of the log, as stored',
  fields: (t) => ({
    id: t.exposeID('eventId'),
    position: t.string({ resolve: (e) => formatPosition(e.position) }),
    streamId: t.exposeString('streamId'),
    streamVersion: t.exposeInt('streamVersion'),
    type: t.exposeString('type'),
    data: t.string({ description: 'JSON', resolve: (e) => JSON.stringify(e.data) }),
    metadata: t.string({ description: 'JSON', resolve: (e) => JSON.stringify(e.metadata) }),
    occurredAt: t.field({ type: 'DateTime', resolve: (e) => new Date(e.metadata.occurredAt) }),
  }),
});

const EventPageRef = builder
  .objectRef<{ events: RecordedEvent[]; next: string | null }>('EventPage')
  .implement({
    fields: (t) => ({
      events: t.field({ type: [EventRef], resolve: (p) => p.events }),
      next: t.exposeString('next', { nullable: true }),
    }),
  });

const parsePosition = (text: string) => {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (!match) throw badInput('A position looks like 1234/56');
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
};

builder.queryFields((t) => ({
  projectionStatuses: t.field({
    type: [ProjectionStatusRef],
    authScopes: { admin: true },
    resolve: (_root, _args, context) => context.services.projectionOperations.status(),
  }),
  staffEvents: t.field({
    type: EventPageRef,
    authScopes: { admin: true },
    description: 'A stream from a version, or $all from a position',
    args: { stream: t.arg.string(), after: t.arg.string(), first: t.arg.int({ defaultValue: 50 }) },
    resolve: async (_root, { stream, after, first }, context) => {
      const limit = Math.min(Math.max(first ?? 50, 1), 200);
      const store = context.services.ledger.store;
      if (stream) {
        const from = after ? Number(after) : 0;
        if (!Number.isInteger(from) || from < 0)
          throw badInput('For a stream, after is a version number');
        const events = await store.readStream(stream, { fromVersion: from, maxCount: limit });
        const last = events[events.length - 1];
        return {
          events,
          next: events.length === limit && last ? String(last.streamVersion + 1) : null,
        };
      }
      const events = await store.readAll(after ? parsePosition(after) : START_POSITION, limit);
      const last = events[events.length - 1];
      return {
        events,
        next: events.length === limit && last ? formatPosition(last.position) : null,
      };
    },
  }),
}));

builder.mutationField('rebuildProjection', (t) =>
  t.boolean({
    authScopes: { admin: true },
    description: 'Starts a blue/green rebuild; follow it in projectionStatuses',
    args: { name: t.arg.string({ required: true }) },
    resolve: (_root, { name }, context) => {
      const operations = context.services.projectionOperations;
      if (!context.services.projectionNames.includes(name))
        throw badInput(`No projection named ${name}`);
      void operations
        .rebuild(name)
        .catch((error: unknown) =>
          componentLogger('projections').error({ err: error, projection: name }, 'rebuild failed'),
        );
      return true;
    },
  }),
);

const AuditMismatchRef = builder
  .objectRef<LedgerAuditRun['mismatches'][number]>('LedgerAuditMismatch')
  .implement({
    description: 'One difference between the event log and a read model',
    fields: (t) => ({
      userId: t.exposeString('userId'),
      field: t.exposeString('field'),
      expected: t.exposeString('expected', { description: 'From the event log' }),
      actual: t.exposeString('actual', { description: 'From the read model' }),
    }),
  });

const AuditRunRef = builder.objectRef<LedgerAuditRun>('LedgerAuditRun').implement({
  description: 'One run of the ledger audit (read models against the fold of the event log)',
  fields: (t) => ({
    id: t.exposeID('id'),
    startedAt: t.expose('startedAt', { type: 'DateTime' }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime' }),
    runBy: t.string({
      description: 'cli, operator, or the email of the staff member who ran it',
      resolve: async (run, _args, context) => {
        if (!isUuid(run.runBy)) return run.runBy;
        const user = await context.services.accounts.users.findById(run.runBy);
        return user?.email ?? run.runBy;
      },
    }),
    eventsRead: t.exposeInt('eventsRead'),
    accountsChecked: t.exposeInt('accountsChecked'),
    subscriptionsChecked: t.exposeInt('subscriptionsChecked'),
    mismatchCount: t.exposeInt('mismatchCount'),
    mismatches: t.field({
      type: [AuditMismatchRef],
      description: 'The first mismatches (at most 500)',
      resolve: (run) => run.mismatches,
    }),
  }),
});

builder.queryField('lastLedgerAudit', (t) =>
  t.field({
    type: AuditRunRef,
    nullable: true,
    authScopes: { admin: true },
    resolve: (_root, _args, context) => context.services.audit.last(),
  }),
);

builder.mutationField('runLedgerAudit', (t) =>
  t.field({
    type: AuditRunRef,
    authScopes: { admin: true },
    description: 'Recomputes every account from the event log and compares with the read models',
    resolve: async (_root, _args, context) =>
      (await context.services.audit.run(context.viewer!.user.id)).run,
  }),
);
