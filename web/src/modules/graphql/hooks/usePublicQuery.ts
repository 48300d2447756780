import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { useEffect, useState } from 'react';

import { postGraphQL } from '../utils/post-graphql';

/** Spec §9, query cache: an answer stays fresh for 5 minutes. */
const FRESH_MS = 5 * 60_000;

const answers = new Map<object, { at: number; data: unknown }>();

const freshAnswer = <TData>(document: object): TData | undefined => {
  const answer = answers.get(document);
  return answer && Date.now() - answer.at < FRESH_MS ? (answer.data as TData) : undefined;
};

export type PublicQueryState<TData> = {
  data: TData | undefined;
  loading: boolean;
  error: unknown;
};

/**
 * A query without variables for a public page, with a plain `fetch` (no GraphQL client):
 * loading (also in the prerendered HTML), then the data or the error. A fresh answer from
 * earlier in this visit shows at once.
 */
export const usePublicQuery = <TData>(
  document: TypedDocumentNode<TData, Record<string, never>>,
): PublicQueryState<TData> => {
  const [state, setState] = useState<PublicQueryState<TData>>(() => {
    const data = freshAnswer<TData>(document);
    return { data, loading: data === undefined, error: undefined };
  });
  const answered = state.data !== undefined;
  useEffect(() => {
    if (answered) return;
    let live = true;
    postGraphQL(document).then(
      (data) => {
        answers.set(document, { at: Date.now(), data });
        if (live) setState({ data, loading: false, error: undefined });
      },
      (error: unknown) => {
        if (live) setState({ data: undefined, loading: false, error });
      },
    );
    return () => {
      live = false;
    };
  }, [answered, document]);
  return state;
};
