/**
 * The server's rules for support actions (api/src/staff/support-actions.ts), checked before
 * sending so the messages match. The server checks again and its answer wins.
 */
export const GRANT_MIN = 1;
export const GRANT_MAX = 10_000;
export const REASON_MIN = 3;
export const REASON_MAX = 500;

export const REASON_REQUIRED = 'A reason is required (at least 3 characters)';

export const validateReason = (reason: string): string | undefined => {
  const text = reason.trim();
  if (text.length < REASON_MIN) return REASON_REQUIRED;
  if (text.length > REASON_MAX) return `The reason must be at most ${REASON_MAX} characters`;
  return undefined;
};

export const validateGrantAmount = (amount: string): string | undefined => {
  const text = amount.trim();
  if (!text) return 'Amount is required';
  const value = Number(text);
  if (!Number.isFinite(value) || !Number.isInteger(value)) return 'Amount must be a whole number';
  if (value < GRANT_MIN) return 'Amount must be at least 1';
  if (value > GRANT_MAX) return 'Amount must be at most 10,000';
  return undefined;
};

export type GrantErrors = { amount?: string; reason?: string };

export const validateGrant = ({
  amount,
  reason,
}: {
  amount: string;
  reason: string;
}): GrantErrors => {
  const errors: GrantErrors = {};
  const amountError = validateGrantAmount(amount);
  const reasonError = validateReason(reason);
  if (amountError) errors.amount = amountError;
  if (reasonError) errors.reason = reasonError;
  return errors;
};
