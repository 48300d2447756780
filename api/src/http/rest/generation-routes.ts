import express, { Router, type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import { parseInput } from '../../accounts/account-validation';
import type { Services } from '../../composition/services';
import type { AccountSnapshot } from '@app/projections';
import { findOwnedRequest } from '../../generation/generation-views';
import {
  actionFigureConfigSchema,
  buildActionFigurePrompt,
} from '../../generation/prompts/action-figure-prompt';
import { RESULT_EXPIRED_MESSAGE } from '../../generation/result-retention';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  type UploadedFile,
} from '../../generation/upload/sanitize-upload';
import { DecodeWhileArriving } from '../../generation/upload/decode-while-arriving';
import { UploadStorageFullError } from '../../generation/upload/upload-storage-full';
import type { Metrics } from '../../observability/metrics';
import { AppError, badInput, notFound, unauthenticated } from '../../shared/errors';
import { idempotencyKeyFrom } from '../../shared/idempotency';
import { isUuid } from '../../shared/uuid';
import { UploadFileStorage } from './upload-file-storage';

const PLEASE_LOGIN = 'Please login to generate images';

/**
 * The photo goes to a private temporary file as it arrives (UPLOAD_TMP_DIR; a tmpfs keeps it
 * off disk) and is removed once decoded.
 */
const receivePhoto = (uploadDir: string, metrics: Metrics) => {
  const upload = multer({
    storage: new UploadFileStorage(
      uploadDir,
      (request) => request.res?.locals.decodeWhileArriving as DecodeWhileArriving | undefined,
    ),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 },
  }).single('profileImage');
  return (request: Request, response: Response, next: NextFunction) =>
    upload(request, response, (error: unknown) => {
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') {
          metrics.uploadsRefused.inc({ reason: 'too_large' });
          return next(new AppError('UPLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge, 413));
        }
        return next(badInput('The upload could not be read. Send one photo as profileImage.'));
      }
      if (error instanceof UploadStorageFullError) {
        metrics.uploadsRefused.inc({ reason: 'storage_full' });
        request.log?.warn(
          { uploadDir, errno: error.systemCode },
          'upload refused: no room left in the upload folder',
        );
      }
      next(error);
    });
};

const parseJsonField = (value: unknown) => {
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw badInput('actionFigure must be JSON');
  }
};

/** The spec's generation paths, over the same service as GraphQL. */
export function generationRoutes(services: Services): Router {
  const router = Router();

  router.post(
    '/api/generate-image',
    (request, response, next) => {
      response.locals.receivedAt = performance.now();
      if (!request.viewer) return next(new AppError('UNAUTHENTICATED', PLEASE_LOGIN, 401));
      // The balance is read while the photo arrives; the generation awaits it before decoding.
      const accountCheck = services.generations.checkAccount(request.viewer.user.id);
      // Answered by the generation (or never needed, when the upload is refused first).
      accountCheck.catch(() => undefined);
      response.locals.accountCheck = accountCheck;
      // The photo is decoded as it arrives, once the account check allows it.
      response.locals.decodeWhileArriving = new DecodeWhileArriving(
        () => services.decodePool.decodeArriving(),
        accountCheck,
      );
      next();
    },
    receivePhoto(services.config.generation.uploadDir, services.metrics),
    async (request, response) => {
      const bodyReceivedAt = performance.now();
      const body = (request.body ?? {}) as Record<string, unknown>;
      const style = typeof body.style === 'string' && body.style ? body.style : 'action-figure';
      const photo = (request.file as (Express.Multer.File & UploadedFile) | undefined) ?? null;
      try {
        const { url, timings } = await services.generations.generate({
          user: request.viewer!.user,
          style,
          prompt: typeof body.prompt === 'string' ? body.prompt : null,
          photo,
          actionFigure: parseJsonField(body.actionFigure),
          // Stripe's way (the Idempotency-Key header), or the form field of earlier clients.
          idempotencyKey:
            idempotencyKeyFrom(request.get('idempotency-key')) ??
            (typeof body.idempotencyKey === 'string' ? body.idempotencyKey : null),
          context: request.context!,
          accountCheck: response.locals.accountCheck as Promise<AccountSnapshot>,
        });
        if (timings) {
          // Our own overhead around the image service, readable by clients and benchmarks.
          const received = response.locals.receivedAt as number;
          const ms = (value: number) => value.toFixed(1);
          response.setHeader(
            'Server-Timing',
            [
              `before-provider;dur=${ms(timings.providerStartedAt - received)}`,
              `provider;dur=${ms(timings.providerFinishedAt - timings.providerStartedAt)}`,
              `after-provider;dur=${ms(performance.now() - timings.providerFinishedAt)}`,
              // The parts of before-provider: body received, upload checked, credits held, waited for a provider slot.
              `receive;dur=${ms(bodyReceivedAt - received)}`,
              `checks;dur=${ms(timings.checkedAt - bodyReceivedAt)}`,
              `hold;dur=${ms(timings.heldAt - timings.checkedAt)}`,
              `queue;dur=${ms(timings.providerStartedAt - timings.heldAt)}`,
            ].join(', '),
          );
        }
        response.json({ url });
      } finally {
        // Refused before its decode (or the decode never answered): the file goes now.
        void photo?.discard();
        // Refused before the decode was asked for: the one reading the arriving bytes stops.
        (response.locals.decodeWhileArriving as DecodeWhileArriving).abandon();
      }
    },
  );

  router.post(
    '/api/generate-prompt',
    express.json({ limit: '32kb' }),
    async (request, response) => {
      const config = parseInput(
        actionFigureConfigSchema,
        (request.body as { config?: unknown } | undefined)?.config,
      );
      response.json({ prompt: buildActionFigurePrompt(config) });
    },
  );

  /** "Doesn't look like me": `{reason}`; answers the claim, 404 for anyone else's generation. */
  router.post(
    '/api/generations/:id/claim',
    express.json({ limit: '4kb' }),
    async (request, response) => {
      if (!request.viewer) throw unauthenticated('Please login to continue');
      const body = (request.body ?? {}) as { reason?: unknown };
      const claim = await services.claims.claim(
        request.viewer.user.id,
        { generationId: String(request.params.id), reason: body.reason },
        request.context!,
        idempotencyKeyFrom(request.get('idempotency-key')),
      );
      response.status(201).json({
        generationId: claim.generationId,
        reason: claim.reason,
        credits: claim.credits,
        claimedAt: claim.claimedAt.toISOString(),
      });
    },
  );

  /** Results are served only to their owner's session. */
  router.get('/api/generations/:id/image', async (request, response) => {
    const id = String(request.params.id);
    if (!request.viewer || !isUuid(id)) throw notFound('Image not found');
    const generation = await findOwnedRequest(
      services.generations.repository,
      request.viewer.user.id,
      id,
    );
    if (generation?.resultExpiredAt)
      throw new AppError('IMAGE_EXPIRED', RESULT_EXPIRED_MESSAGE, 410);
    if (generation?.status !== 'succeeded' || !generation.resultKey) {
      throw notFound('Image not found');
    }
    const blob = await services.blobs.get(generation.resultKey);
    if (!blob) throw notFound('Image not found');
    response.setHeader('Content-Type', 'image/png');
    response.setHeader('Cache-Control', 'private, max-age=3600');
    response.setHeader('Content-Disposition', `inline; filename="${generation.style}-${id}.png"`);
    response.send(blob.data);
  });
  return router;
}
