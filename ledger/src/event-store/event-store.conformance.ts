import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  START_POSITION,
  WrongExpectedVersionError,
  comparePositions,
  type EventStore,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
} from './event-store';

/** Holds one event in an open transaction until `commit` is called (Postgres only). */
export interface LateCommit {
  commit(): Promise<void>;
}

export interface ConformanceSubject {
  store: EventStore;
  /** Plants an event whose position is taken now but whose commit comes later. */
  plantLateCommit?: (streamId: string) => Promise<LateCommit>;
  close(): Promise<void>;
}

export const newEvent = (type: string, data: unknown = {}): NewEvent => ({
  type,
  data,
  metadata: {
    eventId: randomUUID(),
    occurredAt: new Date().toISOString(),
    actor: { kind: 'system', id: 'conformance' },
    reason: 'conformance test',
    correlationId: randomUUID(),
    causationId: null,
    idempotencyKey: randomUUID(),
    schemaVersion: 1,
  },
});

/** Every event after `after`, read in pages, until the log is drained. */
async function readEverything(store: EventStore, after: GlobalPosition = START_POSITION) {
  const all: RecordedEvent[] = [];
  let position = after;
  for (;;) {
    const page = await store.readAll(position, 200);
    if (page.length === 0) return all;
    all.push(...page);
    position = page[page.length - 1]!.position;
  }
}

/** The behaviour every event store adapter must share. */
export function eventStoreConformance(name: string, open: () => Promise<ConformanceSubject>) {
  describe(`event store conformance: ${name}`, () => {
    let subject: ConformanceSubject;
    // Streams in a run are unique so the suite can share one store (EventStoreDB keeps its log).
    const stream = (label: string) => `conformance-${label}-${randomUUID()}`;

    beforeAll(async () => {
      subject = await open();
    });
    afterAll(async () => {
      await subject?.close();
    });

    it('appends to a new stream and reads it back in order with versions from 0', async () => {
      const streamId = stream('basic');
      const first = await subject.store.append(
        streamId,
        [newEvent('A', { n: 1 }), newEvent('B', { n: 2 })],
        'no_stream',
      );
      expect(first.nextExpectedVersion).toBe(1);
      const second = await subject.store.append(streamId, [newEvent('C', { n: 3 })], 1);
      expect(second.nextExpectedVersion).toBe(2);
      expect(comparePositions(second.position, first.position)).toBeGreaterThan(0);

      const events = await subject.store.readStream(streamId);
      expect(events.map((e) => [e.type, e.streamVersion, e.data])).toEqual([
        ['A', 0, { n: 1 }],
        ['B', 1, { n: 2 }],
        ['C', 2, { n: 3 }],
      ]);
      expect(events[0]!.metadata.reason).toBe('conformance test');
      expect(
        (await subject.store.readStream(streamId, { fromVersion: 2 })).map((e) => e.type),
      ).toEqual(['C']);
      expect(
        (await subject.store.readStream(streamId, { fromVersion: 1, maxCount: 1 })).map(
          (e) => e.type,
        ),
      ).toEqual(['B']);
      expect(await subject.store.readStream(stream('missing'))).toEqual([]);
    });

    it('refuses an append with the wrong expected version and writes nothing', async () => {
      const streamId = stream('conflict');
      await subject.store.append(streamId, [newEvent('A')], 'no_stream');
      await expect(
        subject.store.append(streamId, [newEvent('B')], 'no_stream'),
      ).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(subject.store.append(streamId, [newEvent('B')], 5)).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      );
      await expect(
        subject.store.append(stream('empty'), [newEvent('B')], 0),
      ).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect((await subject.store.readStream(streamId)).map((e) => e.type)).toEqual(['A']);
      const any = await subject.store.append(streamId, [newEvent('C')], 'any');
      expect(any.nextExpectedVersion).toBe(1);
    });

    it('lets exactly one of two racing writers with the same expected version win', async () => {
      const streamId = stream('race');
      await subject.store.append(streamId, [newEvent('A')], 'no_stream');
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, () => subject.store.append(streamId, [newEvent('B')], 0)),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const rejected of results.filter((r) => r.status === 'rejected')) {
        expect((rejected as PromiseRejectedResult).reason).toBeInstanceOf(
          WrongExpectedVersionError,
        );
      }
      expect(await subject.store.readStream(streamId)).toHaveLength(2);
    });

    it('reads $all after a position, in order, with a limit, and reports the head', async () => {
      const before = (await subject.store.headPosition()) ?? START_POSITION;
      const streamId = stream('all');
      await subject.store.append(
        streamId,
        [newEvent('A'), newEvent('B'), newEvent('C')],
        'no_stream',
      );
      const page = await subject.store.readAll(before, 2);
      expect(page).toHaveLength(2);
      const rest = (await readEverything(subject.store, before)).filter(
        (e) => e.streamId === streamId,
      );
      expect(rest.map((e) => e.type)).toEqual(['A', 'B', 'C']);
      const head = await subject.store.headPosition();
      expect(head && comparePositions(head, rest[2]!.position)).toBeGreaterThanOrEqual(0);
    });

    it('8 concurrent writers while a reader tails $all: each event seen exactly once, in commit order, late commits included', async () => {
      const start = (await subject.store.headPosition()) ?? START_POSITION;
      const runId = randomUUID();
      const controller = new AbortController();
      const seen: RecordedEvent[] = [];
      const writers = 8;
      const perWriter = 25;
      const late = subject.plantLateCommit
        ? await subject.plantLateCommit(`conformance-late-${runId}`)
        : null;
      const expected = writers * perWriter + (late ? 1 : 0);

      const reader = (async () => {
        for await (const event of subject.store.subscribe(start, controller.signal)) {
          if (!event.streamId.includes(runId)) continue;
          seen.push(event);
          if (seen.length === expected) controller.abort();
        }
      })();

      await Promise.all(
        Array.from({ length: writers }, async (_, writer) => {
          const streamId = `conformance-w${writer}-${runId}`;
          let version: number | 'no_stream' = 'no_stream';
          for (let i = 0; i < perWriter; i++) {
            const result = await subject.store.append(
              streamId,
              [newEvent('Written', { writer, i })],
              version,
            );
            version = result.nextExpectedVersion;
          }
        }),
      );
      // The reader has passed every later-numbered event, yet must still deliver the late one.
      await late?.commit();
      const timeout = setTimeout(() => controller.abort(), 20_000);
      await reader;
      clearTimeout(timeout);

      expect(seen).toHaveLength(expected);
      expect(new Set(seen.map((e) => e.eventId)).size).toBe(expected);
      for (let i = 1; i < seen.length; i++) {
        expect(comparePositions(seen[i - 1]!.position, seen[i]!.position)).toBeLessThan(0);
      }
      if (late) expect(seen.some((e) => e.streamId === `conformance-late-${runId}`)).toBe(true);
      // A fresh read of the log gives the very same order.
      const reread = (await readEverything(subject.store, start)).filter((e) =>
        e.streamId.includes(runId),
      );
      expect(reread.map((e) => e.eventId)).toEqual(seen.map((e) => e.eventId));
    });
  });
}
