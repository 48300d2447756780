import { useQuery } from '@apollo/client/react';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';

export type AdminSearch<Match> = {
  /** The term as the address holds it. */
  query: string;
  /** The term searched for: the query trimmed. */
  term: string;
  loading: boolean;
  error: unknown;
  /** What the search found; undefined while there is no term or no answer yet. */
  matches: readonly Match[] | undefined;
};

/** Runs a staff search for the address's term (nothing while it is blank), never from cache. */
export const useAdminSearch = <Data, Match>(
  document: TypedDocumentNode<Data, { query: string }>,
  query: string,
  matchesIn: (data: Data) => readonly Match[],
): AdminSearch<Match> => {
  const term = query.trim();
  const { data, loading, error } = useQuery(document, {
    variables: { query: term },
    skip: !term,
    fetchPolicy: 'network-only',
  });
  return { query, term, loading, error, matches: term && data ? matchesIn(data) : undefined };
};
