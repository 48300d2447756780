import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';

import { PHOTO_MESSAGES } from './check-photo-file';
import {
  GENERATION_FAILED_MESSAGE,
  NETWORK_FAILURE_MESSAGE,
  SERVER_BUSY_MESSAGE,
} from './generation-failure-messages';

export { GENERATION_FAILED_MESSAGE, NETWORK_FAILURE_MESSAGE, SERVER_BUSY_MESSAGE };

/**
 * What to tell a person when a generation fails. Expected failures carry `extensions.code` and a
 * message written for people (credits, upload checks, the in-progress limit, the image
 * service); masked failures and transport errors get plain words instead of internals.
 */
export const generationErrorMessage = (error: unknown): string => {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    if (!first) return GENERATION_FAILED_MESSAGE;
    if (/file size limit/i.test(first.message)) return PHOTO_MESSAGES.tooLarge;
    const code = first.extensions?.code;
    if (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR' && first.message) {
      return first.message;
    }
    return GENERATION_FAILED_MESSAGE;
  }
  if (ServerError.is(error)) {
    if (error.statusCode === 413) return PHOTO_MESSAGES.tooLarge;
    if (error.statusCode === 503) return SERVER_BUSY_MESSAGE;
    if (error.statusCode >= 500) return GENERATION_FAILED_MESSAGE;
  }
  if (error instanceof TypeError) return NETWORK_FAILURE_MESSAGE;
  return GENERATION_FAILED_MESSAGE;
};
