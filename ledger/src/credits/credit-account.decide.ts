import type { Decider } from '../shared/decider';
import { assertNever } from '../shared/decider';
import type { CommandMetadata } from '../shared/metadata';
import {
  evolveCreditAccount,
  initialCreditAccountState,
  type CreditAccountEvent,
  type CreditAccountState,
} from './credit-account';
import type { CreditAccountCommand } from './credit-account.commands';
import { deserializeCreditAccount, serializeCreditAccount } from './credit-account.snapshot';
import { captureHold } from './decide/capture-hold';
import { expireCredits } from './decide/expire-credits';
import { grantCredits } from './decide/grant-credits';
import { holdCredits } from './decide/hold-credits';
import { purchaseCredits } from './decide/purchase-credits';
import { refundCredits } from './decide/refund-credits';
import { releaseHold } from './decide/release-hold';
import { revokeCredits } from './decide/revoke-credits';

export type { CreditAccountCommand } from './credit-account.commands';

/** One function per command (./decide); a repeated idempotency key decides nothing. */
export function decideCreditAccount(
  command: CreditAccountCommand,
  state: CreditAccountState,
  metadata: CommandMetadata,
): CreditAccountEvent[] {
  if (state.seenKeys[metadata.idempotencyKey] !== undefined) return [];
  const { now } = metadata;
  switch (command.type) {
    case 'GrantCredits':
      return grantCredits(command, state);
    case 'PurchaseCredits':
      return purchaseCredits(command, state);
    case 'HoldCredits':
      return holdCredits(command, state, now);
    case 'CaptureHold':
      return captureHold(command, state);
    case 'ReleaseHold':
      return releaseHold(command, state, now);
    case 'RefundCredits':
      return refundCredits(command, state, now);
    case 'ExpireCredits':
      return expireCredits(command, state, now);
    case 'RevokeCredits':
      return revokeCredits(command, state);
    default:
      return assertNever(command);
  }
}

export const creditAccountDecider: Decider<
  CreditAccountState,
  CreditAccountCommand,
  CreditAccountEvent
> = {
  streamType: 'credits',
  initialState: initialCreditAccountState,
  evolve: evolveCreditAccount,
  decide: decideCreditAccount,
  serialize: serializeCreditAccount,
  deserialize: deserializeCreditAccount,
};
