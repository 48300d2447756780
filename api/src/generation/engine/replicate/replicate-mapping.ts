import { ProviderError } from '../image-provider.js';
import type { ProviderOutcome } from '../image-provider.js';

export type ImageMime = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

export const REPLICATE_MESSAGES = {
  timeout: 'The image service took too long. Your credits were not used. Please try again.',
  rateLimited:
    'The image service is busy right now. Please try again in a minute. Your credits were not used.',
  unavailable: 'The image service is not available right now.',
  declined:
    'The image service declined this photo or prompt. Try a different photo or prompt. Your credits were not used.',
  canceled: 'The generation was canceled. Your credits were not used.',
  aborted:
    'The image service stopped this generation before it started. Your credits were not used. Please try again.',
  lost: 'The image service has no record of this generation. Your credits were not used.',
  noOutput: 'The image service finished without returning an image. Your credits were not used.',
  outputGone: 'The image service no longer has the finished image. Your credits were not used.',
  outputTooLarge:
    'The image service returned an unexpectedly large file. Your credits were not used.',
  unsupportedPhoto:
    'This photo is not a PNG, JPEG or WEBP image, so it could not be sent to the image service.',
  startCanceled: 'The generation was canceled before it started.',
  stoppedWaiting:
    'The image took too long to make, so we stopped. Your credits were not used. Please try again.',
} as const;

/** The fields of Replicate's prediction object that the mapping reads. */
export interface PredictionLike {
  readonly id: string;
  readonly status: string;
  readonly output?: unknown;
  readonly error?: unknown;
}

/** What to do with a prediction: keep polling, download its output, or report an outcome. */
export type PredictionStep =
  | { readonly kind: 'pending' }
  | { readonly kind: 'download'; readonly url: string }
  | { readonly kind: 'outcome'; readonly outcome: ProviderOutcome };

/** The image type by the file's own bytes. */
export function detectImageMime(bytes: Uint8Array): ImageMime | undefined {
  const ascii = (from: number, to: number): string =>
    Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (bytes.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a'))
    return 'image/gif';
  return undefined;
}

/** The photo as a base64 data URI with the mime type its bytes declare (the model accepts jpeg, png, gif, webp). */
export function photoDataUri(photo: Uint8Array): string {
  const mime = detectImageMime(photo);
  if (!mime || mime === 'image/gif')
    throw new ProviderError('PROVIDER_FAILED', REPLICATE_MESSAGES.unsupportedPhoto);
  return `data:${mime};base64,${Buffer.from(photo).toString('base64')}`;
}

/** Replicate's output is a URL or a list of URLs, depending on the model; the first one is the image. */
export function firstOutputUrl(output: unknown): string | undefined {
  const candidate = Array.isArray(output) ? output[0] : output;
  if (typeof candidate !== 'string') return undefined;
  return /^(https?:|data:)/i.test(candidate) ? candidate : undefined;
}

export function mapPrediction(prediction: PredictionLike): PredictionStep {
  switch (prediction.status) {
    case 'starting':
    case 'processing':
      return { kind: 'pending' };
    case 'succeeded': {
      const url = firstOutputUrl(prediction.output);
      return url ? { kind: 'download', url } : failed(REPLICATE_MESSAGES.noOutput);
    }
    case 'failed':
      return failed(failureMessage(prediction.error));
    case 'canceled':
      return {
        kind: 'outcome',
        outcome: { status: 'canceled', message: REPLICATE_MESSAGES.canceled },
      };
    // "aborted": terminated before it started (e.g. its deadline passed). The client's own `wait` misses it.
    case 'aborted':
      return failed(REPLICATE_MESSAGES.aborted);
    default:
      // A status this code does not know yet: keep polling; the timeout still bounds the wait.
      return { kind: 'pending' };
  }
}

// Not a bare "safety": a 422 about the `safety_tolerance` input is our bug, not a declined photo.
const SAFETY_PATTERN =
  /nsfw|flagged as sensitive|\bE005\b|safety (?:filter|system|check)|content polic|moderation|inappropriate/i;

/** A user-readable message for a failed prediction's `error`. */
export function failureMessage(error: unknown): string {
  const text = errorText(error);
  if (SAFETY_PATTERN.test(text)) return REPLICATE_MESSAGES.declined;
  const short = shorten(text);
  if (!short) return 'The image service could not create this image. Your credits were not used.';
  return `The image service could not create this image: ${short.replace(/[.\s]+$/, '')}. Your credits were not used.`;
}

function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    const { detail, message } = error as { detail?: unknown; message?: unknown };
    if (typeof detail === 'string') return detail;
    if (typeof message === 'string') return message;
  }
  return '';
}

/** First line, without Replicate's "Prediction failed:" prefix, anything token-like, or more than 160 characters. */
function shorten(text: string): string {
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0);
  if (!line) return '';
  const clean = line
    .replace(/^prediction failed:\s*/i, '')
    .replace(/\b(r8_[A-Za-z0-9]+|Bearer\s+\S+)/g, '[redacted]')
    .replace(/\s+/g, ' ');
  return clean.length > 160 ? `${clean.slice(0, 157)}…` : clean;
}

/** Status and body of the client's `ApiError` (its message embeds the response text, already consumed). */
export function apiErrorStatus(error: unknown): number | undefined {
  if (!(error instanceof Error) || error.name !== 'ApiError') return undefined;
  const status = (error as { response?: { status?: unknown } }).response?.status;
  return typeof status === 'number' ? status : undefined;
}

function apiErrorDetail(error: Error): string {
  const start = error.message.indexOf('{');
  const end = error.message.lastIndexOf('}');
  if (start < 0 || end <= start) return '';
  try {
    const body = JSON.parse(error.message.slice(start, end + 1)) as {
      detail?: unknown;
      title?: unknown;
    };
    return typeof body.detail === 'string'
      ? body.detail
      : typeof body.title === 'string'
        ? body.title
        : '';
  } catch {
    return '';
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/** A transport-level failure (HTTP error, network error) as the port's error; never echoes URLs, headers or tokens. */
export function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (isAbortError(error))
    return new ProviderError('PROVIDER_CANCELED', REPLICATE_MESSAGES.startCanceled);
  const status = apiErrorStatus(error);
  if (status === 429)
    return new ProviderError('PROVIDER_RATE_LIMITED', REPLICATE_MESSAGES.rateLimited);
  if ((status === 400 || status === 422) && error instanceof Error) {
    const detail = shorten(apiErrorDetail(error));
    if (SAFETY_PATTERN.test(detail))
      return new ProviderError('PROVIDER_FAILED', REPLICATE_MESSAGES.declined);
    const suffix = detail ? `: ${detail.replace(/[.\s]+$/, '')}` : '';
    return new ProviderError(
      'PROVIDER_FAILED',
      `The image service rejected this request${suffix}. Your credits were not used.`,
    );
  }
  // 401/403 (bad token), 402 (no credit), 404 (unknown model), 5xx and network errors: nothing the user can fix.
  return new ProviderError('PROVIDER_UNAVAILABLE', REPLICATE_MESSAGES.unavailable);
}

function failed(message: string): PredictionStep {
  return { kind: 'outcome', outcome: { status: 'failed', code: 'PROVIDER_FAILED', message } };
}
