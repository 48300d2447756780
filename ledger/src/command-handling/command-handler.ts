import type { ZodType } from 'zod';
import type { Decider } from '../shared/decider';
import {
  CURRENT_SCHEMA_VERSION,
  type CommandMetadata,
  type EventMetadata,
} from '../shared/metadata';
import {
  parseRecordedEvent,
  WrongExpectedVersionError,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
} from '../event-store/event-store';
import { componentLogger } from '../shared/logger';
import { timeOrderedUuid } from '../shared/time-ordered-uuid';
import { KeyedMutex } from './keyed-mutex';
import type { SnapshotStore } from './snapshot-store';
import { StateCache } from './state-cache';

export interface CommandHandlerOptions<Event> {
  /** Validates (and later upcasts) stored events before they are folded. */
  readonly eventSchema: ZodType<Event>;
  readonly snapshots?: SnapshotStore;
  /** Save a snapshot once this many events have been folded since the last one. */
  readonly snapshotEvery?: number;
  /** Bump when the state's shape changes: older snapshots are then ignored. */
  readonly stateVersion?: number;
  readonly cacheSize?: number;
  readonly maxAttempts?: number;
}

export interface HandleResult<Event> {
  /** The events this command produced; empty when it was a repeat or changed nothing. */
  readonly events: Event[];
  /** Commit position of the last appended event; null when nothing was appended. */
  readonly position: GlobalPosition | null;
  readonly streamVersion: number;
}

interface Loaded<State> {
  state: State;
  version: number;
  snapshotVersion: number;
  /** Events between snapshots of this stream: more for a larger state (see maybeSnapshot). */
  snapshotEvery?: number;
}

/**
 * Serialising a snapshot costs at most about this many bytes per event folded since the last: a
 * large state is saved less often. (A busy credit account, about 80 KB in its compact snapshot, is
 * saved every ~280 events, as it was at 1,000 bytes when its snapshot was three times larger.)
 */
const SNAPSHOT_BYTES_PER_EVENT = 300;

/**
 * Load → decide → append with the expected version. A conflict reloads and decides again
 * (bounded); commands on the same stream in this process queue instead of conflicting.
 */
export class CommandHandler<State, Command, Event extends { type: string; data: unknown }> {
  private readonly mutex = new KeyedMutex();
  private readonly savingSnapshots = new Set<string>();
  private readonly cache: StateCache<Loaded<State>>;
  private readonly snapshotEvery: number;
  private readonly stateVersion: number;
  private readonly maxAttempts: number;

  constructor(
    private readonly store: EventStore,
    private readonly decider: Decider<State, Command, Event>,
    private readonly options: CommandHandlerOptions<Event>,
  ) {
    this.cache = new StateCache(options.cacheSize ?? 10_000);
    this.snapshotEvery = options.snapshotEvery ?? 100;
    this.stateVersion = options.stateVersion ?? 1;
    this.maxAttempts = options.maxAttempts ?? 25;
  }

  handle(
    streamId: string,
    command: Command,
    metadata: CommandMetadata,
  ): Promise<HandleResult<Event>> {
    return this.mutex.run(streamId, () => this.handleNow(streamId, command, metadata));
  }

  /**
   * The stream's current state, as a copy the caller may keep: what the store holds now, not only
   * what this process last saw (other replicas append to the same streams).
   */
  async read(streamId: string): Promise<{ state: State; version: number }> {
    return this.mutex.run(streamId, async () => {
      const { loaded, cached } = await this.load(streamId);
      if (cached) await this.catchUp(streamId, loaded);
      return { state: structuredClone(loaded.state), version: loaded.version };
    });
  }

  private async handleNow(
    streamId: string,
    command: Command,
    metadata: CommandMetadata,
  ): Promise<HandleResult<Event>> {
    for (let attempt = 1; ; attempt++) {
      const { loaded, cached } = await this.load(streamId);
      let decision = this.decideOn(loaded, command, metadata);
      // A decision that appends events is checked against the log by the append's expected
      // version. A refusal or a "nothing to do" appends nothing, so nothing would notice that a
      // state cached here misses events another replica appended since (a refund's revoke finding
      // no lot, a release finding no hold, a hold refused credits bought elsewhere): decided on a
      // cached state, it is decided again once the events after it are read.
      if (cached && !decision.appends && (await this.catchUp(streamId, loaded)))
        decision = this.decideOn(loaded, command, metadata);
      if ('refusal' in decision) throw decision.refusal;
      const events = decision.events;
      if (events.length === 0) return { events, position: null, streamVersion: loaded.version };
      const eventMetadata = this.metadataFor(metadata);
      try {
        const result = await this.store.append(
          streamId,
          events.map((event) => ({
            type: event.type,
            data: event.data,
            metadata: eventMetadata(),
          })),
          loaded.version < 0 ? 'no_stream' : loaded.version,
        );
        for (const event of events) {
          loaded.state = this.decider.evolve(loaded.state, event, {
            idempotencyKey: metadata.idempotencyKey,
            occurredAt: metadata.now.getTime(),
          });
        }
        loaded.version = result.nextExpectedVersion;
        this.cache.set(streamId, loaded);
        await this.maybeSnapshot(streamId, loaded);
        return { events, position: result.position, streamVersion: result.nextExpectedVersion };
      } catch (error) {
        this.cache.delete(streamId);
        if (!(error instanceof WrongExpectedVersionError) || attempt >= this.maxAttempts)
          throw error;
        await sleep(Math.random() * Math.min(50, 2 ** attempt));
      }
    }
  }

  private decideOn(
    loaded: Loaded<State>,
    command: Command,
    metadata: CommandMetadata,
  ): { events: Event[]; appends: boolean } | { refusal: unknown; appends: false } {
    try {
      const events = this.decider.decide(command, loaded.state, metadata);
      return { events, appends: events.length > 0 };
    } catch (refusal) {
      return { refusal, appends: false };
    }
  }

  /** Folds the events appended after a loaded state (by any process); true when there were any. */
  private async catchUp(streamId: string, loaded: Loaded<State>): Promise<boolean> {
    const tail = await this.store.readStream(streamId, { fromVersion: loaded.version + 1 });
    if (tail.length === 0) return false;
    try {
      for (const recorded of tail) this.fold(loaded, recorded);
    } catch (error) {
      this.cache.delete(streamId);
      throw error;
    }
    await this.maybeSnapshot(streamId, loaded);
    return true;
  }

  private metadataFor(metadata: CommandMetadata): () => EventMetadata {
    return () => ({
      eventId: timeOrderedUuid(),
      occurredAt: metadata.now.toISOString(),
      actor: metadata.actor,
      reason: metadata.reason,
      correlationId: metadata.correlationId,
      causationId: metadata.causationId ?? null,
      idempotencyKey: metadata.idempotencyKey,
      schemaVersion: CURRENT_SCHEMA_VERSION,
    });
  }

  /** The stream's state: this process's cached copy (`cached`, which may be behind) or the store's. */
  private async load(streamId: string): Promise<{ loaded: Loaded<State>; cached: boolean }> {
    const cached = this.cache.get(streamId);
    if (cached) return { loaded: cached, cached: true };
    const snapshot = await this.options.snapshots?.load(streamId);
    const usable = snapshot && snapshot.stateVersion === this.stateVersion ? snapshot : null;
    const loaded: Loaded<State> = usable
      ? {
          state: this.decider.deserialize(usable.state),
          version: usable.streamVersion,
          snapshotVersion: usable.streamVersion,
          // A large state loaded with a short tail is not saved again at once (as the default
          // interval would): it waits as long as it would have after its last save.
          ...(usable.stateJsonLength === undefined
            ? {}
            : { snapshotEvery: this.snapshotInterval(usable.stateJsonLength) }),
        }
      : { state: this.decider.initialState(), version: -1, snapshotVersion: -1 };
    const tail = await this.store.readStream(streamId, { fromVersion: loaded.version + 1 });
    for (const recorded of tail) this.fold(loaded, recorded);
    this.cache.set(streamId, loaded);
    await this.maybeSnapshot(streamId, loaded);
    return { loaded, cached: false };
  }

  private fold(loaded: Loaded<State>, recorded: RecordedEvent) {
    const event = parseRecordedEvent(this.options.eventSchema, recorded);
    loaded.state = this.decider.evolve(loaded.state, event, {
      idempotencyKey: recorded.metadata.idempotencyKey,
      occurredAt: Date.parse(recorded.metadata.occurredAt),
    });
    loaded.version = recorded.streamVersion;
  }

  /**
   * Saves a snapshot in the background (the state is serialised before this returns, so later
   * folds cannot change it); commands on the stream do not wait for the write. A failed save only
   * means the next load reads a longer tail.
   */
  private async maybeSnapshot(streamId: string, loaded: Loaded<State>) {
    const snapshots = this.options.snapshots;
    const every = loaded.snapshotEvery ?? this.snapshotEvery;
    if (!snapshots || loaded.version - loaded.snapshotVersion < every) return;
    if (this.savingSnapshots.has(streamId)) return;
    const version = loaded.version;
    this.savingSnapshots.add(streamId);
    const stateJson = JSON.stringify(this.decider.serialize(loaded.state));
    const saving = snapshots.save(streamId, {
      streamVersion: version,
      stateVersion: this.stateVersion,
      stateJson,
    });
    loaded.snapshotVersion = version;
    loaded.snapshotEvery = this.snapshotInterval(stateJson.length);
    void saving
      .catch((error: unknown) =>
        componentLogger('ledger').warn({ err: error, streamId, version }, 'snapshot save failed'),
      )
      .finally(() => this.savingSnapshots.delete(streamId));
  }

  private snapshotInterval(stateJsonLength: number) {
    return Math.max(this.snapshotEvery, Math.ceil(stateJsonLength / SNAPSHOT_BYTES_PER_EVENT));
  }

  /** Resolves when background snapshot writes have finished (tests, shutdown). */
  async flushSnapshots() {
    while (this.savingSnapshots.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
