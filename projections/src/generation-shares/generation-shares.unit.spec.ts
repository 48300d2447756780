import {
  AT,
  deleted,
  GENERATION_ID,
  OWNER_ID,
  requested,
  shared,
  succeeded,
  unshared,
} from '@app/ledger/generation/generation.fixtures';
import { describe, expect, it } from 'vitest';
import { shareChangeOf } from './generation-shares.fold';

describe('generation_shares fold', () => {
  it('a share opens a link, an unshare closes it, a deletion closes whatever is open', () => {
    expect(shareChangeOf(shared('s1', true))).toEqual({
      kind: 'open',
      shareId: 's1',
      generationId: GENERATION_ID,
      userId: OWNER_ID,
      includesOriginal: true,
      at: AT,
    });
    expect(shareChangeOf(unshared('s1'))).toEqual({ kind: 'close', shareId: 's1', at: AT });
    expect(shareChangeOf(deleted)).toEqual({
      kind: 'close-all',
      generationId: GENERATION_ID,
      at: AT,
    });
  });

  it('the lifecycle events change no link', () => {
    expect(shareChangeOf(requested)).toEqual({ kind: 'none' });
    expect(shareChangeOf(succeeded)).toEqual({ kind: 'none' });
  });
});
