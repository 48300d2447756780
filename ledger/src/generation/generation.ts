import { z } from 'zod';
import type { EvolveContext } from '../shared/decider';
import { assertNever } from '../shared/decider';

// The generation stream `generation-<generationId>`: one image generation's lifecycle.
// Prompts and images are personal data and stay out of the log (the generations table has them).

export const generationStreamId = (generationId: string) => `generation-${generationId}`;

const isoDate = z.iso.datetime({ offset: true });

export const generationEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('GenerationRequested'),
    data: z.object({
      generationId: z.string(),
      userId: z.string(),
      style: z.string(),
      provider: z.string(),
      reservationId: z.string(),
      /** The image's random seed (same photo, prompt and seed: same image). Absent on events
       * written before seeds were recorded; those generations had none. */
      seed: z.number().int().nonnegative().optional(),
      requestedAt: isoDate,
    }),
  }),
  z.object({
    type: z.literal('GenerationSubmitted'),
    data: z.object({
      generationId: z.string(),
      userId: z.string(),
      predictionId: z.string(),
      submittedAt: isoDate,
    }),
  }),
  z.object({
    type: z.literal('GenerationSucceeded'),
    data: z.object({
      generationId: z.string(),
      userId: z.string(),
      resultKey: z.string(),
      completedAt: isoDate,
    }),
  }),
  z.object({
    type: z.literal('GenerationFailed'),
    data: z.object({
      generationId: z.string(),
      userId: z.string(),
      errorCode: z.string(),
      errorMessage: z.string().max(500),
      completedAt: isoDate,
    }),
  }),
  z.object({
    // The owner opened a public link. The share id is a random reference (the link's secret),
    // never derived from the generation id; resharing makes a new one.
    type: z.literal('GenerationShared'),
    data: z.object({
      generationId: z.string(),
      userId: z.string(),
      shareId: z.string(),
      includesOriginal: z.boolean(),
      sharedAt: isoDate,
    }),
  }),
  z.object({
    type: z.literal('GenerationUnshared'),
    data: z.object({
      generationId: z.string(),
      userId: z.string(),
      shareId: z.string(),
      unsharedAt: isoDate,
    }),
  }),
  z.object({
    // The owner deleted the generation: its prompt, result and link are gone.
    type: z.literal('GenerationDeleted'),
    data: z.object({
      generationId: z.string(),
      userId: z.string(),
      deletedAt: isoDate,
    }),
  }),
  // The image was deleted when its retention period ended; the generation's record stays.
  z.object({
    type: z.literal('GenerationResultExpired'),
    data: z.object({
      generationId: z.string(),
      userId: z.string(),
      expiredAt: isoDate,
    }),
  }),
]);

export type GenerationEvent = z.infer<typeof generationEventSchema>;
export const generationEventTypes: readonly GenerationEvent['type'][] =
  generationEventSchema.options.map((option) => option.shape.type.value);

export type GenerationStatus = 'none' | 'pending' | 'succeeded' | 'failed';

export interface GenerationShare {
  shareId: string;
  includesOriginal: boolean;
}

export interface GenerationState {
  status: GenerationStatus;
  /** The public link, while there is one. */
  share: GenerationShare | null;
  deleted: boolean;
  userId: string | null;
  reservationId: string | null;
  predictionId: string | null;
  /** Absent on snapshots taken before results expired. */
  resultExpired?: boolean;
  seenKeys: Record<string, true>;
}

export const initialGenerationState = (): GenerationState => ({
  status: 'none',
  share: null,
  deleted: false,
  userId: null,
  reservationId: null,
  predictionId: null,
  seenKeys: {},
});

export function evolveGeneration(
  state: GenerationState,
  event: GenerationEvent,
  context: EvolveContext,
): GenerationState {
  state.seenKeys[context.idempotencyKey] = true;
  switch (event.type) {
    case 'GenerationRequested':
      state.status = 'pending';
      state.userId = event.data.userId;
      state.reservationId = event.data.reservationId;
      return state;
    case 'GenerationSubmitted':
      state.predictionId = event.data.predictionId;
      return state;
    case 'GenerationSucceeded':
      state.status = 'succeeded';
      return state;
    case 'GenerationFailed':
      state.status = 'failed';
      return state;
    case 'GenerationShared':
      state.share = {
        shareId: event.data.shareId,
        includesOriginal: event.data.includesOriginal,
      };
      return state;
    case 'GenerationUnshared':
      if (state.share?.shareId === event.data.shareId) state.share = null;
      return state;
    case 'GenerationDeleted':
      state.deleted = true;
      state.share = null;
      return state;
    case 'GenerationResultExpired':
      state.resultExpired = true;
      return state;
    default:
      return assertNever(event);
  }
}
