/** Expected domain failures. Each has a stable code the API turns into `extensions.code`. */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export const INSUFFICIENT_CREDITS_MESSAGE =
  'Insufficient credits. You need at least 5 credits to generate an image.';

export class InsufficientCreditsError extends DomainError {
  constructor(
    readonly available: number,
    readonly required: number,
  ) {
    super('INSUFFICIENT_CREDITS', INSUFFICIENT_CREDITS_MESSAGE);
  }
}

export class InvalidCommandError extends DomainError {
  constructor(message: string) {
    super('INVALID_COMMAND', message);
  }
}

export class HoldNotFoundError extends DomainError {
  constructor(readonly reservationId: string) {
    super('HOLD_NOT_FOUND', `No hold ${reservationId} on this account`);
  }
}

export class HoldAlreadySettledError extends DomainError {
  constructor(
    readonly reservationId: string,
    readonly settledAs: 'captured' | 'released',
  ) {
    super('HOLD_ALREADY_SETTLED', `Hold ${reservationId} was already ${settledAs}`);
  }
}

export class SpendNotFoundError extends DomainError {
  constructor(readonly reservationId: string) {
    super('SPEND_NOT_FOUND', `No captured spend ${reservationId} on this account`);
  }
}

export class RefundExceedsSpendError extends DomainError {
  constructor(readonly refundable: number) {
    super('REFUND_EXCEEDS_SPEND', `At most ${refundable} credits of this spend can be refunded`);
  }
}

export class TooManyGenerationsError extends DomainError {
  constructor(readonly maxInProgress: number) {
    super(
      'TOO_MANY_GENERATIONS',
      `You already have ${maxInProgress} generations in progress. Please wait for one to finish.`,
    );
  }
}

export class GenerationNotFoundError extends DomainError {
  constructor(readonly generationId: string) {
    super('NOT_FOUND', 'Generation not found');
  }
}

export class GenerationNotShareableError extends DomainError {
  constructor(message = 'Only a finished image can be shared') {
    super('GENERATION_NOT_SHAREABLE', message);
  }
}

export class GenerationInProgressError extends DomainError {
  constructor() {
    super(
      'GENERATION_IN_PROGRESS',
      'This image is still being made. You can delete it once it is done.',
    );
  }
}

export const GIFT_NOT_FOUND_MESSAGE = 'There is no gift with this code. Check it and try again.';
export const GIFT_ALREADY_REDEEMED_MESSAGE = 'This gift code has already been redeemed.';
export const GIFT_VOIDED_MESSAGE =
  'This gift code has been cancelled and can no longer be redeemed.';

export class GiftNotFoundError extends DomainError {
  constructor() {
    super('GIFT_NOT_FOUND', GIFT_NOT_FOUND_MESSAGE);
  }
}

export class GiftAlreadyRedeemedError extends DomainError {
  constructor() {
    super('GIFT_ALREADY_REDEEMED', GIFT_ALREADY_REDEEMED_MESSAGE);
  }
}

export class GiftVoidedError extends DomainError {
  constructor() {
    super('GIFT_VOIDED', GIFT_VOIDED_MESSAGE);
  }
}

/**
 * A decision needed the payment provider's word on the plan the stream follows, and was given it
 * for another one (a concurrent delivery changed the plan followed meanwhile): ask again.
 */
export class ProviderCheckOutdatedError extends DomainError {
  constructor(readonly followedSubscriptionId: string) {
    super(
      'PROVIDER_CHECK_OUTDATED',
      `The provider was asked about another plan than ${followedSubscriptionId}, the one followed now`,
    );
  }
}
