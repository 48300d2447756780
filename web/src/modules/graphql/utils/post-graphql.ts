import type { TypedDocumentNode } from '@graphql-typed-document-node/core';

import { operationNameOf, printDocument } from './print-document';

export type GraphQLErrorLike = { message: string; extensions?: Record<string, unknown> };

/** The server answered, with GraphQL errors (the counterpart of Apollo's CombinedGraphQLErrors). */
export class GraphQLResponseError extends Error {
  constructor(readonly errors: readonly GraphQLErrorLike[]) {
    super(errors.map((error) => error.message).join('\n'));
    this.name = 'GraphQLResponseError';
  }
}

/** The request failed before GraphQL answered: network, HTTP status, a body that is not GraphQL. */
export class GraphQLRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GraphQLRequestError';
  }
}

/**
 * The API runs GraphQL Yoga with CSRF prevention: every request carries this header
 * (create-apollo-client.ts sends the same).
 */
const CSRF_HEADERS = { 'x-graphql-yoga-csrf': '1' } as const;

/**
 * One operation with a plain `fetch`, for public pages that hydrate without the GraphQL client:
 * the session cookie goes along, as with Apollo. Resolves to `data`; rejects with a
 * GraphQLResponseError when the server answered with errors, a GraphQLRequestError otherwise.
 */
export const postGraphQL = async <TData, TVariables extends Record<string, unknown>>(
  document: TypedDocumentNode<TData, TVariables>,
  ...[variables]: TVariables extends Record<string, never> ? [] : [TVariables]
): Promise<TData> => {
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', ...CSRF_HEADERS },
      body: JSON.stringify({
        operationName: operationNameOf(document),
        query: printDocument(document),
        variables: variables ?? {},
      }),
    });
  } catch (error) {
    throw new GraphQLRequestError(`GraphQL request failed: ${String(error)}`);
  }
  const body = (await response.json().catch(() => null)) as {
    data?: TData | null;
    errors?: GraphQLErrorLike[];
  } | null;
  if (body?.errors?.length) throw new GraphQLResponseError(body.errors);
  if (!response.ok || !body?.data)
    throw new GraphQLRequestError(`GraphQL answered ${response.status} without data`);
  return body.data;
};
