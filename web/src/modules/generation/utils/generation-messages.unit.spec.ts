import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';

import {
  GENERATION_FAILED_MESSAGE,
  generationErrorMessage,
  NETWORK_FAILURE_MESSAGE,
  SERVER_BUSY_MESSAGE,
} from './generation-error-message';
import { firstFailedPreCheck } from './generation-pre-checks';
import { formatElapsed, generationStage, progressFraction } from './generation-progress';

const graphQLError = (message: string, code?: string) =>
  new CombinedGraphQLErrors({
    errors: [{ message, ...(code ? { extensions: { code } } : {}) }],
  });

describe('generation error messages', () => {
  it('shows the server’s own words for expected failures', () => {
    const message = 'You already have 2 generations in progress. Please wait for one to finish.';
    expect(generationErrorMessage(graphQLError(message, 'HOLD_LIMIT_REACHED'))).toBe(message);
    expect(
      generationErrorMessage(
        graphQLError(
          'This image could not be read. It may be damaged or incomplete.',
          'UPLOAD_UNREADABLE',
        ),
      ),
    ).toBe('This image could not be read. It may be damaged or incomplete.');
  });

  it('hides masked errors and internals behind the spec’s fallback', () => {
    expect(generationErrorMessage(graphQLError('Unexpected error.'))).toBe(
      GENERATION_FAILED_MESSAGE,
    );
    expect(generationErrorMessage(new Error('boom'))).toBe(GENERATION_FAILED_MESSAGE);
  });

  it('explains a lost connection and an oversized upload', () => {
    expect(generationErrorMessage(new TypeError('Failed to fetch'))).toBe(NETWORK_FAILURE_MESSAGE);
    const tooLarge = new ServerError('Payload Too Large', {
      response: new Response('', { status: 413 }),
      bodyText: '',
    });
    expect(generationErrorMessage(tooLarge)).toBe(
      'The file is too large. Photos can be at most 10 MB.',
    );
    const busy = new ServerError('Service Unavailable', {
      response: new Response('', { status: 503, headers: { 'Retry-After': '10' } }),
      bodyText: '',
    });
    expect(generationErrorMessage(busy)).toBe(SERVER_BUSY_MESSAGE);
  });
});

describe('generation pre-checks', () => {
  it('checks sign-in, then credits, then the photo', () => {
    expect(firstFailedPreCheck({ signedIn: false, credits: 0, hasPhoto: false })?.message).toBe(
      'Please login to generate images',
    );
    expect(firstFailedPreCheck({ signedIn: true, credits: 4, hasPhoto: false })?.message).toBe(
      'Insufficient credits. You need at least 5 credits to generate an image.',
    );
    expect(firstFailedPreCheck({ signedIn: true, credits: 5, hasPhoto: false })?.message).toBe(
      'Image is required',
    );
    expect(
      firstFailedPreCheck({
        signedIn: true,
        credits: 5,
        hasPhoto: false,
        missingPhotoMessage: 'Profile image is required',
      })?.message,
    ).toBe('Profile image is required');
    expect(firstFailedPreCheck({ signedIn: true, credits: 5, hasPhoto: true })).toBeNull();
  });
});

describe('generation progress', () => {
  it('says what is happening as time passes', () => {
    expect(generationStage(0, 'Ghibli scene').id).toBe('uploading');
    expect(generationStage(5000, 'Ghibli scene').title).toBe('Creating your Ghibli scene');
    expect(generationStage(30_000, 'Ghibli scene').id).toBe('finishing');
    expect(generationStage(61_000, 'Ghibli scene').id).toBe('slow');
    expect(generationStage(500, 'Ghibli scene', 'QUEUED').title).toBe(
      'Waiting for the image service',
    );
    expect(generationStage(500, 'Ghibli scene', 'RENDERING').title).toBe(
      'Creating your Ghibli scene',
    );
  });

  it('formats the elapsed time and never fills the bar before the result', () => {
    expect(formatElapsed(7_900)).toBe('0:07');
    expect(formatElapsed(62_000)).toBe('1:02');
    expect(progressFraction(0)).toBe(0);
    expect(progressFraction(10 * 60_000)).toBeLessThanOrEqual(0.95);
  });
});
