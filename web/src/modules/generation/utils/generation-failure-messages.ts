/*
 * The words of a failed generation, without the GraphQL client's error classes (the page
 * reaches them before the client is loaded).
 */

/** The spec's fallback when the server gives no message of its own. */
export const GENERATION_FAILED_MESSAGE = 'Failed to generate image';

export const NETWORK_FAILURE_MESSAGE =
  'We could not reach the server. Check your connection and try again. If your image was already being made, it will appear in My creations.';

/** The server's queue of photos to check is full (HTTP 503 with Retry-After). */
export const SERVER_BUSY_MESSAGE =
  'We are processing a lot of photos right now. Please try again in a few seconds.';
