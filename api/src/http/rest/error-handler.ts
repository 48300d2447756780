import type { NextFunction, Request, Response } from 'express';
import { componentLogger } from '@app/ledger';
import { toAppError } from '../../shared/errors';

/** Expected errors answer `{ message }` with their status; the rest are logged and masked. */
export function jsonErrorHandler() {
  return (error: unknown, request: Request, response: Response, next: NextFunction) => {
    if (response.headersSent) {
      next(error);
      return;
    }
    const bodyError = error as { type?: string; status?: number };
    if (bodyError?.type === 'entity.parse.failed') {
      response.status(400).json({ message: 'The request body is not valid JSON' });
      return;
    }
    if (bodyError?.type === 'entity.too.large') {
      response.status(413).json({ message: 'The request body is too large' });
      return;
    }
    const expected = toAppError(error);
    if (expected) {
      const retryAfterSeconds = expected.details?.retryAfterSeconds;
      if (typeof retryAfterSeconds === 'number')
        response.setHeader('Retry-After', String(retryAfterSeconds));
      response.status(expected.status).json({ message: expected.message, code: expected.code });
      return;
    }
    (request.log ?? componentLogger('http')).error(
      { err: error, method: request.method, path: request.path },
      'unexpected error',
    );
    response.status(500).json({ message: 'Something went wrong. Please try again.' });
  };
}
