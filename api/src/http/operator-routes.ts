import { timingSafeEqual } from 'node:crypto';
import { Router, json, type Request, type Response } from 'express';
import type { RebuildProgress } from '@app/projections';
import type { Runtime } from '../composition/runtime';
import type { OperatorService } from '../operator/operator-service';
import { toJson } from '../shared/json';

const sameToken = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/**
 * Operator endpoints for the projections CLI when the embedded API owns the database. Guarded by a
 * random token only the local runtime file holds; absent when no token is configured.
 */
export function operatorRouter(
  runtime: Runtime,
  operatorToken: string,
  operator?: OperatorService,
): Router {
  const router = Router();
  router.use('/internal/operator', (request, response, next) => {
    const header = request.header('authorization') ?? '';
    if (!sameToken(header.replace(/^Bearer /, ''), operatorToken)) {
      response.status(401).json({ message: 'Operator token required' });
      return;
    }
    next();
  });
  router.use('/internal/operator', json());
  const operations = runtime.projectionOperations;

  router.get('/internal/operator/projections/status', async (_request, response) => {
    response.type('application/json').send(toJson(await operations.status()));
  });

  const streamed =
    (work: (onProgress: (p: RebuildProgress) => void, request: Request) => Promise<unknown>) =>
    async (request: Request, response: Response) => {
      response.type('application/x-ndjson');
      const write = (line: unknown) => response.write(`${toJson(line)}\n`);
      try {
        const result = await work((progress) => write({ progress }), request);
        write({ result });
      } catch (error) {
        write({ error: error instanceof Error ? error.message : String(error) });
      }
      response.end();
    };

  router.post(
    '/internal/operator/projections/rebuild',
    streamed((onProgress, request) =>
      operations.rebuild(String(request.body?.name ?? ''), onProgress),
    ),
  );
  router.post(
    '/internal/operator/projections/replay',
    streamed((onProgress) => operations.replayAll(onProgress)),
  );
  router.post('/internal/operator/projections/prune', async (_request, response) => {
    response.json(await operations.pruneRetired());
  });
  if (operator) {
    router.post('/internal/operator/admin/:command', async (request, response, next) => {
      try {
        const body = (request.body ?? {}) as Record<string, string>;
        if (request.params.command === 'set-role')
          response.json(await operator.setRole(String(body.email), String(body.role)));
        else if (request.params.command === 'audit')
          response.type('application/json').send(toJson((await operator.audit('cli')).result));
        else if (request.params.command === 'advance-subscription')
          response.json(await operator.advanceSubscription(String(body.email)));
        else response.status(404).json({ message: 'Unknown operator command' });
      } catch (error) {
        next(error);
      }
    });
  }
  return router;
}
