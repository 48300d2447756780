import { parse, print } from 'graphql';
import type { DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';

import * as compiled from '../../../gql/graphql';

import { operationNameOf, printDocument } from './print-document';

const documents = Object.entries(compiled).filter(
  (entry): entry is [string, DocumentNode] =>
    typeof entry[1] === 'object' && entry[1] !== null && 'kind' in entry[1],
);

describe('printDocument', () => {
  it('finds the app’s compiled documents', () => {
    expect(documents.length).toBeGreaterThan(20);
  });

  it.each(documents)('prints %s as graphql’s printer does', (_name, document) => {
    expect(print(parse(printDocument(document)))).toBe(print(document));
  });

  it('prints arguments of every value kind, aliases, directives and inline fragments', () => {
    const source = `query Q($id: ID!, $tags: [String!] = ["a"]) {
      first: node(id: $id, n: 1, f: 1.5, on: true, none: null, kind: USER, obj: {a: "x", b: [1, 2]}) @include(if: true) {
        ... on User { id }
      }
    }`;
    expect(print(parse(printDocument(parse(source))))).toBe(print(parse(source)));
  });

  it('names the operation', () => {
    expect(operationNameOf(parse('query SubscriptionPlans { subscriptionPlans { id } }'))).toBe(
      'SubscriptionPlans',
    );
    expect(operationNameOf(parse('{ me { id } }'))).toBeUndefined();
  });
});
