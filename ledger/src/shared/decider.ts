import type { CommandMetadata } from './metadata';

/** A stream's pure rules: given its state and a command, which events happen. */
export interface Decider<State, Command, Event extends { type: string }> {
  readonly streamType: string;
  initialState(): State;
  /** Folds one event; `idempotencyKey` is the key the event was recorded under. */
  evolve(state: State, event: Event, context: EvolveContext): State;
  decide(command: Command, state: State, metadata: CommandMetadata): Event[];
  /** Plain JSON for snapshots, and back. */
  serialize(state: State): unknown;
  deserialize(json: unknown): State;
}

export interface EvolveContext {
  readonly idempotencyKey: string;
  /** When the event happened (epoch ms): state that only matters for a while is kept by it. */
  readonly occurredAt: number;
}

export const assertNever = (value: never): never => {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
};
