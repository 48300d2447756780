import type { EventStore } from '../event-store/event-store';
import {
  evolveGeneration,
  generationEventSchema,
  generationStreamId,
  initialGenerationState,
  type GenerationState,
} from './generation';

/**
 * A generation's state folded from its stream as stored right now, bypassing every process's
 * cache: what a public link checks on each request, so a revocation appended by any process
 * counts at once.
 */
export async function readGenerationState(
  store: EventStore,
  generationId: string,
): Promise<GenerationState> {
  const events = await store.readStream(generationStreamId(generationId));
  let state = initialGenerationState();
  for (const recorded of events) {
    const event = generationEventSchema.parse({ type: recorded.type, data: recorded.data });
    state = evolveGeneration(state, event, {
      idempotencyKey: recorded.metadata.idempotencyKey,
      occurredAt: Date.parse(recorded.metadata.occurredAt),
    });
  }
  return state;
}
