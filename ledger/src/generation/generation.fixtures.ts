import type { GenerationEvent } from './generation';

// Typed events of one generation's stream, shared by every test level.

export const GENERATION_ID = '00000000-0000-4000-a000-000000000001';
export const OWNER_ID = 'user-owner';
export const AT = '2026-01-01T00:00:00.000Z';

const ids = { generationId: GENERATION_ID, userId: OWNER_ID };

export const requested: GenerationEvent = {
  type: 'GenerationRequested',
  data: {
    ...ids,
    style: 'ghibli',
    provider: 'local',
    reservationId: GENERATION_ID,
    requestedAt: AT,
  },
};

export const succeeded: GenerationEvent = {
  type: 'GenerationSucceeded',
  data: { ...ids, resultKey: `results/${GENERATION_ID}.png`, completedAt: AT },
};

export const shared = (shareId: string, includesOriginal = false): GenerationEvent => ({
  type: 'GenerationShared',
  data: { ...ids, shareId, includesOriginal, sharedAt: AT },
});

export const unshared = (shareId: string): GenerationEvent => ({
  type: 'GenerationUnshared',
  data: { ...ids, shareId, unsharedAt: AT },
});

export const deleted: GenerationEvent = {
  type: 'GenerationDeleted',
  data: { ...ids, deletedAt: AT },
};
