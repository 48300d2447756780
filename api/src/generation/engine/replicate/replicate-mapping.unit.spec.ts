import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../image-provider.js';
import {
  REPLICATE_MESSAGES,
  detectImageMime,
  failureMessage,
  firstOutputUrl,
  mapPrediction,
  photoDataUri,
  toProviderError,
} from './replicate-mapping.js';

const astronaut = readFileSync(
  new URL('../../../../../fixtures/photos/astronaut.png', import.meta.url),
);

/** Shaped like the client's ApiError: its message embeds the response body. */
function apiError(status: number, body: unknown): Error {
  const error = new Error(
    `Request to https://api.replicate.com/v1/models/x/y/predictions failed with status ${status} Whatever: ${JSON.stringify(body)}.`,
  );
  error.name = 'ApiError';
  Object.assign(error, { response: new Response(null, { status }) });
  return error;
}

describe('detectImageMime / photoDataUri', () => {
  it('reads the type from the bytes', async () => {
    const jpeg = await sharp(astronaut).jpeg().toBuffer();
    const webp = await sharp(astronaut).webp().toBuffer();
    const gif = await sharp(astronaut).resize(16).gif().toBuffer();
    expect(detectImageMime(astronaut)).toBe('image/png');
    expect(detectImageMime(jpeg)).toBe('image/jpeg');
    expect(detectImageMime(webp)).toBe('image/webp');
    expect(detectImageMime(gif)).toBe('image/gif');
    expect(detectImageMime(Buffer.from('<html>'))).toBeUndefined();
    expect(detectImageMime(Buffer.alloc(0))).toBeUndefined();
  });

  it('builds a data URI with the real mime type and the exact bytes', async () => {
    const jpeg = await sharp(astronaut).jpeg().toBuffer();
    const uri = photoDataUri(jpeg);
    expect(uri.startsWith('data:image/jpeg;base64,')).toBe(true);
    expect(Buffer.from(uri.slice(uri.indexOf(',') + 1), 'base64').equals(jpeg)).toBe(true);
    expect(photoDataUri(astronaut).startsWith('data:image/png;base64,')).toBe(true);
  });

  it('refuses bytes that are not a photo', () => {
    expect(() => photoDataUri(Buffer.from('GIF89a.....'))).toThrow(ProviderError);
    expect(() => photoDataUri(Buffer.from('not an image'))).toThrow(
      REPLICATE_MESSAGES.unsupportedPhoto,
    );
  });
});

describe('firstOutputUrl', () => {
  it('takes a URL or the first of a list', () => {
    expect(firstOutputUrl('https://replicate.delivery/a.png')).toBe(
      'https://replicate.delivery/a.png',
    );
    expect(firstOutputUrl(['https://x/1.png', 'https://x/2.png'])).toBe('https://x/1.png');
    expect(firstOutputUrl([])).toBeUndefined();
    expect(firstOutputUrl(null)).toBeUndefined();
    expect(firstOutputUrl({ url: 'https://x' })).toBeUndefined();
    expect(firstOutputUrl('file:///etc/passwd')).toBeUndefined();
  });
});

describe('mapPrediction', () => {
  it('keeps polling while it runs', () => {
    expect(mapPrediction({ id: 'p', status: 'starting' })).toEqual({ kind: 'pending' });
    expect(mapPrediction({ id: 'p', status: 'processing' })).toEqual({ kind: 'pending' });
  });

  it('downloads a succeeded output, and fails one without an image', () => {
    expect(mapPrediction({ id: 'p', status: 'succeeded', output: 'https://x/o.png' })).toEqual({
      kind: 'download',
      url: 'https://x/o.png',
    });
    expect(mapPrediction({ id: 'p', status: 'succeeded', output: null })).toEqual({
      kind: 'outcome',
      outcome: { status: 'failed', code: 'PROVIDER_FAILED', message: REPLICATE_MESSAGES.noOutput },
    });
  });

  it('maps failed, canceled and aborted', () => {
    expect(mapPrediction({ id: 'p', status: 'failed', error: 'CUDA out of memory' })).toEqual({
      kind: 'outcome',
      outcome: {
        status: 'failed',
        code: 'PROVIDER_FAILED',
        message:
          'The image service could not create this image: CUDA out of memory. Your credits were not used.',
      },
    });
    expect(mapPrediction({ id: 'p', status: 'canceled' })).toEqual({
      kind: 'outcome',
      outcome: {
        status: 'canceled',
        message: 'The generation was canceled. Your credits were not used.',
      },
    });
    expect(mapPrediction({ id: 'p', status: 'aborted' })).toMatchObject({
      outcome: { status: 'failed', message: REPLICATE_MESSAGES.aborted },
    });
  });
});

describe('failureMessage', () => {
  it('turns safety refusals into one clear message', () => {
    for (const error of [
      'The input or output was flagged as sensitive. Please try again with different inputs. (E005)',
      'NSFW content detected. Try running it again, or try a different prompt.',
      'Prediction failed: Content moderation flagged the request',
    ]) {
      expect(failureMessage(error)).toBe(REPLICATE_MESSAGES.declined);
    }
  });

  it('keeps other errors short, on one line, and without tokens', () => {
    const message = failureMessage(
      `Prediction failed: upstream said r8_abcDEF123 was bad ${'x'.repeat(400)}\nTraceback...`,
    );
    expect(
      message.startsWith(
        'The image service could not create this image: upstream said [redacted] was bad',
      ),
    ).toBe(true);
    expect(message).not.toContain('r8_abc');
    expect(message).not.toContain('Traceback');
    expect(message.length).toBeLessThan(260);
    expect(failureMessage(null)).toBe(
      'The image service could not create this image. Your credits were not used.',
    );
    expect(failureMessage({ detail: 'Out of memory.' })).toBe(
      'The image service could not create this image: Out of memory. Your credits were not used.',
    );
  });
});

describe('toProviderError', () => {
  it('maps 429 after the client gave up to PROVIDER_RATE_LIMITED', () => {
    const error = toProviderError(
      apiError(429, {
        title: 'Request was throttled',
        detail: 'Request was throttled.',
        status: 429,
      }),
    );
    expect(error).toMatchObject({
      code: 'PROVIDER_RATE_LIMITED',
      message: REPLICATE_MESSAGES.rateLimited,
    });
  });

  it('maps auth, credit, unknown model and server errors to PROVIDER_UNAVAILABLE', () => {
    for (const status of [401, 402, 403, 404, 500, 502, 503]) {
      expect(toProviderError(apiError(status, { detail: 'secret-ish detail' }))).toMatchObject({
        code: 'PROVIDER_UNAVAILABLE',
        message: 'The image service is not available right now.',
      });
    }
  });

  it('maps network errors to PROVIDER_UNAVAILABLE and aborts to PROVIDER_CANCELED', () => {
    expect(toProviderError(new TypeError('fetch failed'))).toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
    });
    expect(toProviderError(new DOMException('aborted', 'AbortError'))).toMatchObject({
      code: 'PROVIDER_CANCELED',
    });
  });

  it('passes the detail of a 422 on, without the URL', () => {
    const error = toProviderError(
      apiError(422, {
        detail: '- input: prompt is required\n',
        status: 422,
        title: 'Input validation failed',
        invalid_fields: [{ type: 'required', field: 'input', description: 'prompt is required' }],
      }),
    );
    expect(error.code).toBe('PROVIDER_FAILED');
    expect(error.message).toBe(
      'The image service rejected this request: - input: prompt is required. Your credits were not used.',
    );
    expect(error.message).not.toContain('replicate.com');
  });

  it('does not mistake a safety_tolerance validation error for a declined photo', () => {
    const error = toProviderError(
      apiError(422, { detail: '- input.safety_tolerance: Must be less than or equal to 2\n' }),
    );
    expect(error.message).toContain('safety_tolerance');
  });

  it('leaves a ProviderError alone', () => {
    const original = new ProviderError('PROVIDER_TIMEOUT', 'x');
    expect(toProviderError(original)).toBe(original);
  });
});
