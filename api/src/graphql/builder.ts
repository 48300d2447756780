import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import ValidationPlugin from '@pothos/plugin-validation';
import { GraphQLError } from 'graphql';
import { DateTimeResolver } from 'graphql-scalars';
import { badInput, forbidden, unauthenticated } from '../shared/errors';
import { hasRole, type GraphQLContext } from './context';
import type { FileUpload } from './multipart-uploads';

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  AuthScopes: { signedIn: boolean; support: boolean; finance: boolean; admin: boolean };
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    File: { Input: FileUpload; Output: never };
  };
  DefaultFieldNullability: false;
}>({
  plugins: [ScopeAuthPlugin, ValidationPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (context) => ({
      signedIn: !!context.viewer,
      support: hasRole(context, 'support'),
      finance: hasRole(context, 'finance'),
      admin: hasRole(context, 'admin'),
    }),
    unauthorizedError: (_parent, context) =>
      context.viewer ? forbidden() : unauthenticated('Please login to continue'),
  },
  validation: {
    validationError: (result) => {
      const issue = result.issues[0];
      const field = issue?.path
        ?.map((part) => (typeof part === 'object' ? String(part.key) : String(part)))
        .join('.');
      return badInput(issue?.message ?? 'Invalid input', field ? { field } : undefined);
    },
  },
});

builder.queryType({});
builder.mutationType({});

// RFC 3339 date-times only: "2026" or "March 3" are refused, not guessed at.
builder.addScalarType('DateTime', DateTimeResolver);

builder.scalarType('File', {
  serialize: () => {
    throw new GraphQLError('File is an input-only scalar');
  },
  parseValue: (value) => {
    // Yoga's fetch implementation's File (need not be the global class), or a StoredUpload.
    const file = value as Partial<FileUpload> | null;
    if (!file || typeof file.arrayBuffer !== 'function' || typeof file.size !== 'number') {
      throw new GraphQLError('Expected an uploaded file');
    }
    return value as FileUpload;
  },
});
