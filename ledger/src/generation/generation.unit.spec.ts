import { describe, expect, it } from 'vitest';
import { GenerationNotShareableError, InvalidCommandError } from '../shared/errors';
import type { CommandMetadata } from '../shared/metadata';
import { decideGeneration } from './generation.decide';
import {
  evolveGeneration,
  initialGenerationState,
  type GenerationEvent,
  type GenerationState,
} from './generation';

const generationId = 'g-1';
const userId = 'u-1';
const at = new Date('2026-11-23T12:00:00.000Z');
const metadata = (idempotencyKey: string): CommandMetadata => ({
  now: at,
  actor: { kind: 'system', id: 'result-retention' },
  reason: 'Retention period ended',
  correlationId: 'c-1',
  idempotencyKey,
});

const given = (...events: GenerationEvent[]): GenerationState =>
  events.reduce(
    (state, event, index) =>
      evolveGeneration(state, event, { idempotencyKey: `k-${index}`, occurredAt: at.getTime() }),
    initialGenerationState(),
  );

const requested: GenerationEvent = {
  type: 'GenerationRequested',
  data: {
    generationId,
    userId,
    style: 'anime',
    provider: 'local',
    reservationId: generationId,
    requestedAt: at.toISOString(),
  },
};
const succeeded: GenerationEvent = {
  type: 'GenerationSucceeded',
  data: { generationId, userId, resultKey: 'results/u-1/g-1.png', completedAt: at.toISOString() },
};
const expire = { type: 'ExpireResult' as const, data: { generationId, userId } };

describe('a delivered result expiring', () => {
  it('records GenerationResultExpired once', () => {
    const events = decideGeneration(expire, given(requested, succeeded), metadata('expire'));
    expect(events).toEqual([
      {
        type: 'GenerationResultExpired',
        data: { generationId, userId, expiredAt: at.toISOString() },
      },
    ]);
    const expired = evolveGeneration(given(requested, succeeded), events[0]!, {
      idempotencyKey: 'expire',
      occurredAt: at.getTime(),
    });
    // Again, with another key (a second sweep): nothing more happens.
    expect(decideGeneration(expire, expired, metadata('expire-again'))).toEqual([]);
    expect(expired.status).toBe('succeeded');
  });

  it('refuses for a generation that delivered nothing', () => {
    expect(() => decideGeneration(expire, given(requested), metadata('expire'))).toThrow(
      InvalidCommandError,
    );
  });

  it('cannot be shared once expired', () => {
    const expired = evolveGeneration(
      given(requested, succeeded),
      decideGeneration(expire, given(requested, succeeded), metadata('expire'))[0]!,
      { idempotencyKey: 'expire', occurredAt: at.getTime() },
    );
    const share = {
      type: 'ShareGeneration' as const,
      data: { generationId, userId, shareId: 's-2', includesOriginal: false },
    };
    expect(decideGeneration(share, given(requested, succeeded), metadata('share-1'))).toHaveLength(
      1,
    );
    expect(() => decideGeneration(share, expired, metadata('share-2'))).toThrow(
      new GenerationNotShareableError('This image is no longer kept, so it cannot be shared'),
    );
  });

  it('ends a public link with the image: the link is closed first', () => {
    const shared: GenerationEvent = {
      type: 'GenerationShared',
      data: {
        generationId,
        userId,
        shareId: 's-1',
        includesOriginal: false,
        sharedAt: at.toISOString(),
      },
    };
    const events = decideGeneration(
      expire,
      given(requested, succeeded, shared),
      metadata('expire'),
    );
    expect(events.map((event) => event.type)).toEqual([
      'GenerationUnshared',
      'GenerationResultExpired',
    ]);
    expect(events[0]!.data).toMatchObject({ shareId: 's-1' });
  });
});
