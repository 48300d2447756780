import type { Decider } from '../shared/decider';
import { assertNever } from '../shared/decider';
import {
  GenerationInProgressError,
  GenerationNotFoundError,
  GenerationNotShareableError,
  InvalidCommandError,
} from '../shared/errors';
import type { CommandMetadata } from '../shared/metadata';
import {
  evolveGeneration,
  initialGenerationState,
  type GenerationEvent,
  type GenerationState,
} from './generation';

export type GenerationCommand =
  | {
      type: 'RequestGeneration';
      data: {
        generationId: string;
        userId: string;
        style: string;
        provider: string;
        reservationId: string;
        seed?: number;
      };
    }
  | {
      type: 'RecordSubmission';
      data: { generationId: string; userId: string; predictionId: string };
    }
  | {
      type: 'CompleteGeneration';
      data: { generationId: string; userId: string; resultKey: string };
    }
  | {
      type: 'FailGeneration';
      data: { generationId: string; userId: string; errorCode: string; errorMessage: string };
    }
  | {
      type: 'ShareGeneration';
      data: { generationId: string; userId: string; shareId: string; includesOriginal: boolean };
    }
  | { type: 'UnshareGeneration'; data: { generationId: string; userId: string } }
  | { type: 'DeleteGeneration'; data: { generationId: string; userId: string } }
  | { type: 'ExpireResult'; data: { generationId: string; userId: string } };

/** Someone else's generation, a deleted one and a missing one are refused alike. */
function assertOwned(state: GenerationState, generationId: string, userId: string) {
  if (state.status === 'none' || state.deleted || state.userId !== userId)
    throw new GenerationNotFoundError(generationId);
}

export function decideGeneration(
  command: GenerationCommand,
  state: GenerationState,
  metadata: CommandMetadata,
): GenerationEvent[] {
  if (state.seenKeys[metadata.idempotencyKey]) return [];
  const at = metadata.now.toISOString();
  switch (command.type) {
    case 'RequestGeneration':
      if (state.status !== 'none') return [];
      return [{ type: 'GenerationRequested', data: { ...command.data, requestedAt: at } }];
    case 'RecordSubmission':
      if (state.status !== 'pending') throw new InvalidCommandError('Generation is not pending');
      if (state.predictionId === command.data.predictionId) return [];
      return [{ type: 'GenerationSubmitted', data: { ...command.data, submittedAt: at } }];
    case 'CompleteGeneration':
      if (state.status === 'succeeded') return [];
      if (state.status !== 'pending') throw new InvalidCommandError('Generation is not pending');
      return [{ type: 'GenerationSucceeded', data: { ...command.data, completedAt: at } }];
    case 'FailGeneration':
      if (state.status === 'failed') return [];
      if (state.status !== 'pending') throw new InvalidCommandError('Generation is not pending');
      return [
        {
          type: 'GenerationFailed',
          data: {
            ...command.data,
            errorMessage: command.data.errorMessage.slice(0, 500),
            completedAt: at,
          },
        },
      ];
    case 'ShareGeneration': {
      assertOwned(state, command.data.generationId, command.data.userId);
      if (state.status !== 'succeeded') throw new GenerationNotShareableError();
      // Its image was deleted when its retention ended: a link would only ever answer 404.
      if (state.resultExpired)
        throw new GenerationNotShareableError(
          'This image is no longer kept, so it cannot be shared',
        );
      if (state.share?.shareId === command.data.shareId) return [];
      // Sharing again while shared replaces the link (two clicks racing: the last one stands).
      const replaced: GenerationEvent[] = state.share
        ? [unshared(command.data, state.share.shareId, at)]
        : [];
      return [...replaced, { type: 'GenerationShared', data: { ...command.data, sharedAt: at } }];
    }
    case 'UnshareGeneration':
      assertOwned(state, command.data.generationId, command.data.userId);
      return state.share ? [unshared(command.data, state.share.shareId, at)] : [];
    case 'DeleteGeneration':
      assertOwned(state, command.data.generationId, command.data.userId);
      if (state.status === 'pending') throw new GenerationInProgressError();
      return [
        ...(state.share ? [unshared(command.data, state.share.shareId, at)] : []),
        { type: 'GenerationDeleted', data: { ...command.data, deletedAt: at } },
      ];
    case 'ExpireResult':
      if (state.resultExpired) return [];
      if (state.status !== 'succeeded')
        throw new InvalidCommandError('Only a delivered result can expire');
      // A link to an image that is gone ends with it.
      return [
        ...(state.share ? [unshared(command.data, state.share.shareId, at)] : []),
        { type: 'GenerationResultExpired', data: { ...command.data, expiredAt: at } },
      ];
    default:
      return assertNever(command);
  }
}

const unshared = (
  ids: { generationId: string; userId: string },
  shareId: string,
  at: string,
): GenerationEvent => ({
  type: 'GenerationUnshared',
  data: { generationId: ids.generationId, userId: ids.userId, shareId, unsharedAt: at },
});

export const generationDecider: Decider<GenerationState, GenerationCommand, GenerationEvent> = {
  streamType: 'generation',
  initialState: initialGenerationState,
  evolve: evolveGeneration,
  decide: decideGeneration,
  serialize: (state) => state,
  // States cached before shares existed lack the fields.
  deserialize: (json) => {
    const state = json as Omit<GenerationState, 'share' | 'deleted'> & Partial<GenerationState>;
    return { ...state, share: state.share ?? null, deleted: state.deleted ?? false };
  },
};
