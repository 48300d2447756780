import { errorCodeOf, errorFieldOf, userMessageOf } from '../../apollo/utils/graphql-errors';

/**
 * What to tell a staff member when an operation failed: the server's own words for expected
 * failures (bad input, forbidden, not found, ledger rules), else `fallback`.
 */
export const adminErrorMessage = (error: unknown, fallback: string): string => {
  if (errorCodeOf(error) === 'FORBIDDEN') {
    return userMessageOf(error) ?? 'Your staff role does not allow this.';
  }
  return userMessageOf(error) ?? fallback;
};

/** The input field a server validation error names (`extensions.field`), if any. */
export const adminErrorField = (error: unknown): string | undefined => errorFieldOf(error);
