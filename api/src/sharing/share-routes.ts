import express, { Router, type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import sharp from 'sharp';
import type { Services } from '../composition/services';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '../generation/upload/sanitize-upload';
import { AppError, badInput, unauthenticated } from '../shared/errors';
import type { BlobStore } from '../storage/blob-store';
import type { GenerationSharing, SharedResult } from './generation-sharing';
import { PREVIEW_WIDTHS, sharePreviewKey, type PreviewWidth } from './share-id';
import { sharedPageCsp, sharedResultGonePage, sharedResultPage } from './shared-page';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024 },
});

/** The share form: JSON, or multipart with the original photo as `originalPhoto`. */
function receiveShareForm(request: Request, response: Response, next: NextFunction) {
  if (request.is('application/json'))
    return express.json({ limit: '4kb' })(request, response, next);
  upload.single('originalPhoto')(request, response, (error: unknown) => {
    if (error instanceof multer.MulterError) {
      if (error.code === 'LIMIT_FILE_SIZE')
        return next(new AppError('UPLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge, 413));
      return next(badInput('The upload could not be read. Send one photo as originalPhoto.'));
    }
    next(error);
  });
}

async function previewOf(blobs: BlobStore, shared: SharedResult, width: PreviewWidth) {
  const key = sharePreviewKey(shared.shareId, width);
  const kept = await blobs.get(key);
  if (kept) return kept.data;
  const result = await blobs.get(shared.resultKey);
  if (!result) return null;
  const preview = await sharp(result.data).resize(width).webp({ quality: 82 }).toBuffer();
  await blobs.put(key, preview, 'image/webp');
  return preview;
}

const truthy = (value: unknown) => value === true || value === 'true' || value === '1';

function signedIn(request: Request) {
  if (!request.viewer) throw unauthenticated('Please login to continue');
  return request.viewer.user.id;
}

/** Public links and their owner's REST paths, over the same service as GraphQL. */
export function shareRoutes(services: Services): Router {
  const router = Router();
  const sharing: GenerationSharing = services.sharing;

  router.post('/api/generations/:id/share', receiveShareForm, async (request, response) => {
    const userId = signedIn(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const share = await sharing.share(
      userId,
      String(request.params.id),
      {
        includeOriginal: truthy(body.includeOriginal),
        originalPhoto: request.file?.buffer ?? null,
      },
      request.context!,
    );
    response.status(201).json(share);
  });

  router.delete('/api/generations/:id/share', async (request, response) => {
    await sharing.unshare(signedIn(request), String(request.params.id), request.context!);
    response.json({ message: 'The link no longer works.' });
  });

  router.delete('/api/generations/:id', async (request, response) => {
    await sharing.deleteGeneration(signedIn(request), String(request.params.id), request.context!);
    response.json({ message: 'The image has been deleted.' });
  });

  // Public: anyone with the link, while it is shared. Checked on every request, never cached
  // without revalidation, so a stopped link is dead at once.
  const publicHeaders = (response: Response) => {
    response.setHeader('Cache-Control', 'no-cache');
    response.setHeader('X-Robots-Tag', 'noindex');
  };

  router.get('/s/:shareId', async (request, response) => {
    publicHeaders(response);
    response.setHeader('Content-Security-Policy', sharedPageCsp());
    response.setHeader('Referrer-Policy', 'no-referrer');
    const shared = await sharing.findShared(String(request.params.shareId));
    response.type('html');
    if (!shared) {
      response.status(404).send(sharedResultGonePage());
      return;
    }
    response.send(
      sharedResultPage({
        shareId: shared.shareId,
        style: shared.style,
        hasOriginal: shared.originalKey !== null,
        publicUrl: services.config.publicUrl,
      }),
    );
  });

  const image =
    (pick: 'result' | 'original') =>
    async (request: Request, response: Response): Promise<void> => {
      publicHeaders(response);
      const shared = await sharing.findShared(String(request.params.shareId));
      const key = shared ? (pick === 'result' ? shared.resultKey : shared.originalKey) : null;
      const blob = key ? await services.blobs.get(key) : null;
      if (!blob) {
        response.status(404).json({ message: 'Image not found' });
        return;
      }
      // Chat apps and other sites may show it: the link's owner made it public.
      response.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      response.setHeader('Content-Type', pick === 'result' ? 'image/png' : 'image/jpeg');
      response.send(blob.data);
    };
  router.get('/s/:shareId/image.png', image('result'));
  // The result made smaller for the page itself, made on first request and kept with the link.
  router.get('/s/:shareId/image-:width.webp', async (request, response) => {
    publicHeaders(response);
    const width = Number(request.params.width) as PreviewWidth;
    const shared = PREVIEW_WIDTHS.includes(width)
      ? await sharing.findShared(String(request.params.shareId))
      : null;
    const preview = shared ? await previewOf(services.blobs, shared, width) : null;
    if (!preview) {
      response.status(404).json({ message: 'Image not found' });
      return;
    }
    response.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    response.setHeader('Content-Type', 'image/webp');
    response.send(preview);
  });
  router.get('/s/:shareId/original.jpg', image('original'));
  return router;
}
