import { CombinedGraphQLErrors } from '@apollo/client/errors';

/**
 * The API gives expected failures an `extensions.code` and a message written for people;
 * everything else is masked. These codes are not such failures: their messages are not for
 * users.
 */
const NOT_USER_FACING_CODES = new Set([
  'INTERNAL_SERVER_ERROR',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
]);

type GraphQLErrorLike = { message: string; extensions?: Record<string, unknown> };

const firstGraphQLError = (error: unknown): GraphQLErrorLike | undefined =>
  CombinedGraphQLErrors.is(error) ? error.errors[0] : undefined;

/** True when the server answered with GraphQL errors (rather than the request failing). */
export const isGraphQLFailure = (error: unknown): boolean => CombinedGraphQLErrors.is(error);

/** The `extensions.code` of the first GraphQL error, if the failure was one. */
export const errorCodeOf = (error: unknown): string | undefined => {
  const code = firstGraphQLError(error)?.extensions?.code;
  return typeof code === 'string' ? code : undefined;
};

/**
 * The message to show for a failed operation: the server's message when the error carries
 * an expected code, otherwise undefined so the caller falls back to its own wording.
 */
export const userMessageOf = (error: unknown): string | undefined => {
  const first = firstGraphQLError(error);
  const code = first?.extensions?.code;
  if (!first || typeof code !== 'string' || NOT_USER_FACING_CODES.has(code)) return undefined;
  return first.message;
};

/** The input field a BAD_USER_INPUT error is about (`extensions.field`), if it names one. */
export const errorFieldOf = (error: unknown): string | undefined => {
  const first = firstGraphQLError(error);
  const field = first?.extensions?.field;
  return first?.extensions?.code === 'BAD_USER_INPUT' && typeof field === 'string'
    ? field
    : undefined;
};
