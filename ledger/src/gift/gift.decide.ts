import type { Decider } from '../shared/decider';
import { assertNever } from '../shared/decider';
import {
  GiftAlreadyRedeemedError,
  GiftNotFoundError,
  GiftVoidedError,
  InvalidCommandError,
} from '../shared/errors';
import type { CommandMetadata } from '../shared/metadata';
import { evolveGift, initialGiftState, type GiftEvent, type GiftState } from './gift';

export type GiftCommand =
  | {
      type: 'IssueGift';
      data: {
        giftId: string;
        buyerId: string;
        packId: string;
        credits: number;
        paymentRef: string;
        amountPaidCents: number;
        currency: string;
        codeHash: string;
        paidAt: Date;
      };
    }
  | { type: 'RedeemGift'; data: { giftId: string; redeemerId: string } }
  | { type: 'VoidGift'; data: { giftId: string; cause: 'staff' | 'payment_refunded' } };

export function decideGift(
  command: GiftCommand,
  state: GiftState,
  metadata: CommandMetadata,
): GiftEvent[] {
  if (state.seenKeys[metadata.idempotencyKey]) return [];
  const at = metadata.now.toISOString();
  switch (command.type) {
    case 'IssueGift': {
      const { data } = command;
      if (state.status !== 'none') return [];
      if (!Number.isInteger(data.credits) || data.credits <= 0) {
        throw new InvalidCommandError('A gift carries a positive whole number of credits');
      }
      return [{ type: 'GiftIssued', data: { ...data, paidAt: data.paidAt.toISOString() } }];
    }
    case 'RedeemGift': {
      const { giftId, redeemerId } = command.data;
      switch (state.status) {
        case 'none':
          throw new GiftNotFoundError();
        case 'voided':
          throw new GiftVoidedError();
        case 'redeemed':
          // The same person again (a retried request) changes nothing; anyone else is too late.
          if (state.redeemerId === redeemerId) return [];
          throw new GiftAlreadyRedeemedError();
        case 'unredeemed':
          return [{ type: 'GiftRedeemed', data: { giftId, redeemerId, redeemedAt: at } }];
        default:
          return assertNever(state.status);
      }
    }
    case 'VoidGift': {
      switch (state.status) {
        case 'none':
          throw new GiftNotFoundError();
        case 'voided':
          return [];
        case 'redeemed':
          throw new GiftAlreadyRedeemedError();
        case 'unredeemed':
          return [{ type: 'GiftVoided', data: { ...command.data, voidedAt: at } }];
        default:
          return assertNever(state.status);
      }
    }
    default:
      return assertNever(command);
  }
}

export const giftDecider: Decider<GiftState, GiftCommand, GiftEvent> = {
  streamType: 'gift',
  initialState: initialGiftState,
  evolve: evolveGift,
  decide: decideGift,
  serialize: (state) => state,
  deserialize: (json) => json as GiftState,
};
