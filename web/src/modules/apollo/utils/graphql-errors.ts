import { CombinedGraphQLErrors } from '@apollo/client/errors';

import { codeOfGraphQLError, userMessageOfGraphQLError } from '../../graphql/utils/graphql-failure';

const firstGraphQLError = (error: unknown) =>
  CombinedGraphQLErrors.is(error) ? error.errors[0] : undefined;

/** True when the server answered with GraphQL errors (rather than the request failing). */
export const isGraphQLFailure = (error: unknown): boolean => CombinedGraphQLErrors.is(error);

/** The `extensions.code` of the first GraphQL error, if the failure was one. */
export const errorCodeOf = (error: unknown): string | undefined =>
  codeOfGraphQLError(firstGraphQLError(error));

/**
 * The message to show for a failed operation: the server's message when the error carries
 * an expected code (graphql-failure.ts), otherwise undefined so the caller falls back to its own
 * wording.
 */
export const userMessageOf = (error: unknown): string | undefined =>
  userMessageOfGraphQLError(firstGraphQLError(error));

/** The input field a BAD_USER_INPUT error is about (`extensions.field`), if it names one. */
export const errorFieldOf = (error: unknown): string | undefined => {
  const first = firstGraphQLError(error);
  const field = first?.extensions?.field;
  return first?.extensions?.code === 'BAD_USER_INPUT' && typeof field === 'string'
    ? field
    : undefined;
};
