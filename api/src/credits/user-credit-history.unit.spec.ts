import { describe, expect, it } from 'vitest';
import { userMovementLabel } from './user-credit-history';

const movement = (type: string, extra: Partial<Parameters<typeof userMovementLabel>[0]> = {}) => ({
  type,
  reason: '',
  planId: null,
  actorKind: 'system',
  style: null,
  ...extra,
});

describe('credit movements in words for the user', () => {
  it('names a generation by its style, never by the ledger or API names', () => {
    expect(userMovementLabel(movement('CreditsSpent', { style: 'ghibli' }))).toBe('Ghibli image');
    expect(
      userMovementLabel(
        movement('CreditsSpent', { style: 'action-figure', reason: 'Generation action-figure' }),
      ),
    ).toBe('Action figure image');
    expect(userMovementLabel(movement('CreditsReserved', { style: 'snoopy' }))).toBe(
      'Snoopy comic image',
    );
    expect(userMovementLabel(movement('CreditsSpent'))).toBe('Image');
    expect(userMovementLabel(movement('CreditsReleased', { style: 'pixar' }))).toBe(
      'Pixar image: refunded, generation failed',
    );
  });

  it('says where added credits came from', () => {
    expect(userMovementLabel(movement('CreditsGranted', { reason: 'Signup bonus' }))).toBe(
      'Welcome credits',
    );
    expect(
      userMovementLabel(movement('CreditsGranted', { reason: 'Free plan allowance for 2026-11' })),
    ).toBe('Free monthly credits');
    expect(
      userMovementLabel(
        movement('CreditsGranted', { reason: 'Sorry about the outage', actorKind: 'staff' }),
      ),
    ).toBe('Credits from support');
    expect(userMovementLabel(movement('CreditsPurchased', { planId: 'pro' }))).toBe(
      'Pro Plan credits',
    );
    expect(userMovementLabel(movement('CreditsPurchased', { planId: 'pack-100' }))).toBe(
      'Credits purchased',
    );
    expect(userMovementLabel(movement('CreditsRefunded', { style: 'chibi' }))).toBe(
      'Refund: Chibi image',
    );
    expect(userMovementLabel(movement('CreditsExpired'))).toBe('Unused credits expired');
    expect(userMovementLabel(movement('CreditsRevoked'))).toBe(
      'Credits taken back (payment refunded)',
    );
    expect(userMovementLabel(movement('CreditsSomethingNew'))).toBe('Credits changed');
  });
});
