import { DomainError } from '@app/ledger';

/**
 * An expected failure with a message meant for the user. GraphQL carries `code` in
 * `extensions.code`; REST answers `{ message }` with `status`.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export const unauthenticated = (message = 'Please login to continue') =>
  new AppError('UNAUTHENTICATED', message, 401);
export const forbidden = (message = 'You are not allowed to do this') =>
  new AppError('FORBIDDEN', message, 403);
export const badInput = (message: string, details?: Record<string, unknown>) =>
  new AppError('BAD_USER_INPUT', message, 400, details);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message, 404);
export const conflict = (message: string) => new AppError('CONFLICT', message, 409);

export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many attempts. Please wait a few minutes and try again.',
  ) {
    super('RATE_LIMITED', message, 429, { retryAfterSeconds });
  }
}

const domainStatus: Record<string, number> = {
  INSUFFICIENT_CREDITS: 402,
  TOO_MANY_GENERATIONS: 429,
  HOLD_NOT_FOUND: 404,
  SPEND_NOT_FOUND: 404,
  HOLD_ALREADY_SETTLED: 409,
  REFUND_EXCEEDS_SPEND: 400,
  INVALID_COMMAND: 400,
  NOT_FOUND: 404,
  GENERATION_NOT_SHAREABLE: 409,
  GENERATION_IN_PROGRESS: 409,
  GIFT_NOT_FOUND: 404,
  GIFT_ALREADY_REDEEMED: 409,
  GIFT_VOIDED: 409,
  // Deliveries of one user's plans raced each other past every retry: the sender tries again.
  PROVIDER_CHECK_OUTDATED: 409,
};

/** Expected errors become AppErrors; anything else is unexpected (masked, logged). */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof DomainError)
    return new AppError(error.code, error.message, domainStatus[error.code] ?? 400);
  // Postgres refused a value of the wrong shape (an id that is not a UUID, say): the caller's mistake.
  if ((error as { code?: unknown } | null)?.code === '22P02') {
    return badInput('One of the ids or cursors given is not valid');
  }
  return null;
}
