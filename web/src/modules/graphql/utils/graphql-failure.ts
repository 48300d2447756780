import { type GraphQLErrorLike, GraphQLResponseError } from './post-graphql';

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

/** The `extensions.code` of a GraphQL error, if it has one. */
export const codeOfGraphQLError = (error: GraphQLErrorLike | undefined): string | undefined => {
  const code = error?.extensions?.code;
  return typeof code === 'string' ? code : undefined;
};

/** The server's message when the error carries an expected code, otherwise undefined. */
export const userMessageOfGraphQLError = (
  error: GraphQLErrorLike | undefined,
): string | undefined => {
  const code = codeOfGraphQLError(error);
  return error && code && !NOT_USER_FACING_CODES.has(code) ? error.message : undefined;
};

/*
 * The same questions about a failure of postGraphQL (apollo/utils/graphql-errors.ts asks them
 * about Apollo's errors).
 */
const firstError = (error: unknown) =>
  error instanceof GraphQLResponseError ? error.errors[0] : undefined;

/** True when the server answered with GraphQL errors (rather than the request failing). */
export const isGraphQLFailure = (error: unknown): boolean => error instanceof GraphQLResponseError;

export const errorCodeOf = (error: unknown): string | undefined =>
  codeOfGraphQLError(firstError(error));

/** The message to show for a failed operation, or undefined for the caller's own wording. */
export const userMessageOf = (error: unknown): string | undefined =>
  userMessageOfGraphQLError(firstError(error));
