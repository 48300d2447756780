import type { Decider } from '../shared/decider';
import { assertNever } from '../shared/decider';
import { InvalidCommandError } from '../shared/errors';
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
      type: 'ExpireResult';
      data: { generationId: string; userId: string };
    };

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
    case 'ExpireResult':
      if (state.resultExpired) return [];
      if (state.status !== 'succeeded')
        throw new InvalidCommandError('Only a delivered result can expire');
      return [{ type: 'GenerationResultExpired', data: { ...command.data, expiredAt: at } }];
    default:
      return assertNever(command);
  }
}

export const generationDecider: Decider<GenerationState, GenerationCommand, GenerationEvent> = {
  streamType: 'generation',
  initialState: initialGenerationState,
  evolve: evolveGeneration,
  decide: decideGeneration,
  serialize: (state) => state,
  deserialize: (json) => json as GenerationState,
};
