import { SpanKind, SpanStatusCode, context, trace } from '@opentelemetry/api';
import { getOperationAST, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { tracer, tracingEnabled } from '../observability/tracing';

/**
 * A span per GraphQL operation (`graphql query me`), active while its resolvers run so their
 * queries and appends nest under it. Mounted only when tracing is on.
 */
export function useOperationTracing(): Plugin {
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      if (!tracingEnabled()) return;
      const operation = getOperationAST(args.document, args.operationName);
      const name = operation?.name?.value ?? 'anonymous';
      const type = operation?.operation ?? 'unknown';
      setExecuteFn((executeArgs) => {
        const span = tracer().startSpan(`graphql ${type} ${name}`, {
          kind: SpanKind.INTERNAL,
          attributes: { 'graphql.operation.name': name, 'graphql.operation.type': type },
        });
        const finish = (result: unknown) => {
          const errors = (result as ExecutionResult | null)?.errors;
          if (Array.isArray(errors) && errors.length > 0) {
            span.setStatus({ code: SpanStatusCode.ERROR });
            span.setAttribute('graphql.errors', errors.length);
          }
          span.end();
          return result;
        };
        const ran = context.with(
          trace.setSpan(context.active(), span),
          executeFn,
          undefined,
          executeArgs,
        );
        if (ran instanceof Promise)
          return ran.then(finish, (error: unknown) => {
            span.setStatus({ code: SpanStatusCode.ERROR });
            span.end();
            throw error;
          }) as ReturnType<typeof executeFn>;
        return finish(ran) as ReturnType<typeof executeFn>;
      });
    },
  };
}
