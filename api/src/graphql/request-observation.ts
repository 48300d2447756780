import type { IncomingMessage } from 'node:http';
import { getOperationAST, GraphQLError, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { noteRequest } from '../observability/request-log';

export interface GraphQLObservation {
  readonly operation: string;
  readonly type: string;
  readonly seconds: number;
  /** `extensions.code` of each error in the result (`INTERNAL` when it has none). */
  readonly errorCodes: readonly string[];
}

interface ServerContext {
  req?: IncomingMessage;
}

const withRequestId = (error: unknown, requestId: string) => {
  if (error instanceof GraphQLError)
    return new GraphQLError(error.message, {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      path: error.path,
      originalError: error.originalError,
      extensions: { ...error.extensions, requestId },
    });
  const plain = error as { extensions?: Record<string, unknown> };
  return { ...plain, extensions: { ...plain.extensions, requestId } };
};

function tagErrors(result: unknown, requestId: string): unknown {
  if (Array.isArray(result)) return result.map((item) => tagErrors(item, requestId));
  const single = result as ExecutionResult | null;
  if (!single || typeof single !== 'object' || !Array.isArray(single.errors)) return result;
  return { ...single, errors: single.errors.map((error) => withRequestId(error, requestId)) };
}

/**
 * Names each GraphQL request's operation in its log line, reports its duration and errors, and
 * puts the request id into every error's `extensions` (what a user can quote to support).
 */
export function useRequestObservation(
  observe?: (observation: GraphQLObservation) => void,
): Plugin<ServerContext> {
  return {
    onParams({ params, context }) {
      const req = (context as ServerContext).req;
      if (req && params.operationName) noteRequest(req, { operation: params.operationName });
    },
    onValidate({ params, context }) {
      // Named even when validation fails (no execution follows).
      const req = (context as ServerContext).req;
      const operation = getOperationAST(params.documentAST);
      if (req && operation?.name) noteRequest(req, { operation: operation.name.value });
    },
    onExecute({ args }) {
      const operation = getOperationAST(args.document, args.operationName);
      const name = operation?.name?.value ?? 'anonymous';
      const req = (args.contextValue as ServerContext & { http?: { req: IncomingMessage } }).http
        ?.req;
      if (req) noteRequest(req, { operation: name });
      if (!observe) return;
      const started = performance.now();
      return {
        onExecuteDone({ result }) {
          const errors = 'errors' in result && Array.isArray(result.errors) ? result.errors : [];
          observe({
            operation: name,
            type: operation?.operation ?? 'unknown',
            seconds: (performance.now() - started) / 1000,
            errorCodes: errors.map((error) => String(error.extensions?.code ?? 'INTERNAL')),
          });
        },
      };
    },
    onResultProcess({ result, setResult, serverContext }) {
      const id = (serverContext as ServerContext).req?.id;
      if (id !== undefined) setResult(tagErrors(result, String(id)) as typeof result);
    },
  };
}
