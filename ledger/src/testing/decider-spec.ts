import { expect } from 'vitest';
import type { Decider } from '../shared/decider';
import type { CommandMetadata } from '../shared/metadata';

/** Deep-freezes a value so a test proves `decide` never mutates the state it is given. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export interface GivenEvent<Event> {
  event: Event;
  idempotencyKey?: string;
  /** When it happened; defaults to the start of 2026. */
  occurredAt?: string;
}

const GIVEN_AT = Date.parse('2026-01-01T00:00:00.000Z');

let keyCounter = 0;

/** given(events).when(command).then(events) | .thenThrows(error) for one decider. */
export function deciderSpec<State, Command, Event extends { type: string }>(
  decider: Decider<State, Command, Event>,
) {
  return (given: readonly (Event | GivenEvent<Event>)[]) => {
    let state = decider.initialState();
    for (const item of given) {
      const { event, idempotencyKey, occurredAt } =
        'event' in item ? item : { event: item, idempotencyKey: undefined, occurredAt: undefined };
      state = decider.evolve(state, event, {
        idempotencyKey: idempotencyKey ?? `given-${keyCounter++}`,
        occurredAt: occurredAt ? Date.parse(occurredAt) : GIVEN_AT,
      });
    }
    deepFreeze(state);
    return {
      state,
      when(command: Command, metadata: CommandMetadata) {
        const decide = () => decider.decide(command, state, metadata);
        return {
          then(expected: Event[]) {
            expect(decide()).toEqual(expected);
          },
          thenThrows(matcher: unknown) {
            expect(decide).toThrow(matcher as Error);
          },
          events: decide,
        };
      },
    };
  };
}

export const metadataAt = (
  now: string | Date,
  overrides: Partial<CommandMetadata> = {},
): CommandMetadata => ({
  now: typeof now === 'string' ? new Date(now) : now,
  actor: { kind: 'system', id: 'test' },
  reason: 'test',
  correlationId: 'correlation-1',
  idempotencyKey: `key-${keyCounter++}`,
  ...overrides,
});
