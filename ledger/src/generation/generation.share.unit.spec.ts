import { describe, it } from 'vitest';
import {
  GenerationInProgressError,
  GenerationNotFoundError,
  GenerationNotShareableError,
} from '../shared/errors';
import { deciderSpec, metadataAt } from '../testing/decider-spec';
import type { GenerationCommand } from './generation.decide';
import { generationDecider } from './generation.decide';
import {
  AT,
  deleted,
  GENERATION_ID,
  OWNER_ID,
  requested,
  shared,
  succeeded,
  unshared,
} from './generation.fixtures';

const given = deciderSpec(generationDecider);
const ids = { generationId: GENERATION_ID, userId: OWNER_ID };
const share = (shareId: string, includesOriginal = false): GenerationCommand => ({
  type: 'ShareGeneration',
  data: { ...ids, shareId, includesOriginal },
});
const unshare: GenerationCommand = { type: 'UnshareGeneration', data: ids };
const remove: GenerationCommand = { type: 'DeleteGeneration', data: ids };

describe('generation: sharing and deletion', () => {
  it('the owner shares a finished image', () => {
    given([requested, succeeded])
      .when(share('s1', true), metadataAt(AT))
      .then([shared('s1', true)]);
  });

  it('a retry with the same share id changes nothing', () => {
    given([requested, succeeded, shared('s1')])
      .when(share('s1'), metadataAt(AT))
      .then([]);
  });

  it('sharing again while shared replaces the link', () => {
    given([requested, succeeded, shared('s1')])
      .when(share('s2'), metadataAt(AT))
      .then([unshared('s1'), shared('s2')]);
  });

  it('someone else, a missing and a deleted generation are refused alike', () => {
    const other: GenerationCommand = {
      type: 'ShareGeneration',
      data: { ...ids, userId: 'someone-else', shareId: 's1', includesOriginal: false },
    };
    given([requested, succeeded]).when(other, metadataAt(AT)).thenThrows(GenerationNotFoundError);
    given([]).when(share('s1'), metadataAt(AT)).thenThrows(GenerationNotFoundError);
    given([requested, succeeded, deleted])
      .when(share('s1'), metadataAt(AT))
      .thenThrows(GenerationNotFoundError);
    given([requested, succeeded])
      .when({ type: 'UnshareGeneration', data: { ...ids, userId: 'someone-else' } }, metadataAt(AT))
      .thenThrows(GenerationNotFoundError);
  });

  it('an image still being made cannot be shared or deleted', () => {
    given([requested]).when(share('s1'), metadataAt(AT)).thenThrows(GenerationNotShareableError);
    given([requested]).when(remove, metadataAt(AT)).thenThrows(GenerationInProgressError);
  });

  it('stopping ends the current link; stopping again changes nothing', () => {
    given([requested, succeeded, shared('s1')])
      .when(unshare, metadataAt(AT))
      .then([unshared('s1')]);
    given([requested, succeeded, shared('s1'), unshared('s1')])
      .when(unshare, metadataAt(AT))
      .then([]);
  });

  it('deleting a shared generation ends its link first', () => {
    given([requested, succeeded, shared('s1')])
      .when(remove, metadataAt(AT))
      .then([unshared('s1'), deleted]);
    given([requested, succeeded]).when(remove, metadataAt(AT)).then([deleted]);
  });
});
