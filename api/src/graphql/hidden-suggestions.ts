import type { Plugin } from 'graphql-yoga';
import { GraphQLError } from 'graphql';

/**
 * graphql-js ends some errors with "Did you mean …?": field and argument names, and enum values
 * (`Did you mean the enum value "MONTH"?`), in validation and in variables coerced at execution.
 * Each would describe the schema to someone probing it, which production does not do.
 */
const SUGGESTION = /\s*Did you mean [^?]*\?/g;

function withoutSuggestion<T>(error: T): T {
  if (error instanceof GraphQLError)
    (error as { message: string }).message = error.message.replace(SUGGESTION, '').trim();
  return error;
}

export function useHiddenSuggestions(): Plugin {
  return {
    onValidate: () =>
      function onValidateEnd({ valid, result, setResult }) {
        if (!valid) setResult(result.map(withoutSuggestion));
      },
    onExecute: () => ({
      onExecuteDone({ result }) {
        if ('errors' in result && result.errors) result.errors.forEach(withoutSuggestion);
      },
    }),
  };
}
