import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';

import { graphql } from '../../../gql';
import type { ActionFigureConfigInput, Style } from '../../../gql/graphql';
import { useToast } from '../../toast/hooks/useToast';
import { creatorSessions } from '../utils/creator-session-store';
import {
  GENERATION_FAILED_MESSAGE,
  generationErrorMessage,
} from '../utils/generation-error-message';
import { newIdempotencyKey } from '../utils/idempotency-key';

const GENERATE_IMAGE = graphql(`
  mutation GenerateImage($input: GenerateImageInput!) {
    generateImage(input: $input) {
      id
      status
      resultUrl
      errorMessage
    }
  }
`);

/** The server answered, but without a finished image. */
class GenerationNotDelivered extends Error {}

export type GenerateImageRequest = {
  photo: File;
  prompt: string | null;
  actionFigure?: ActionFigureConfigInput;
};

/**
 * Starts a generation for the creator session `key` and settles it there: pending (with its
 * start time for the progress display), then the result or a message for people. The request
 * outlives the page, so a visitor can browse while it runs; when it settles the current user is
 * refetched so every credits figure updates, and My creations is refreshed.
 */
export const useGenerateImage = (
  key: string,
  style: Style,
  resultNoun: string,
  /** Pages without an error box of their own also report failures in a toast. */
  { toastFailures = false }: { toastFailures?: boolean } = {},
) => {
  const client = useApolloClient();
  const { toast } = useToast();

  return useCallback(
    async ({ photo, prompt, actionFigure }: GenerateImageRequest): Promise<void> => {
      // A second click while this page's generation runs is the same user action: the request
      // in flight (with its key) stands, nothing more is sent.
      if (creatorSessions.get(key).run.status === 'pending') return;
      // The key both makes retries safe and lets the progress card follow this generation.
      const idempotencyKey = newIdempotencyKey();
      creatorSessions.update(key, (session) => ({
        ...session,
        run: { status: 'pending', startedAt: Date.now(), idempotencyKey },
      }));
      try {
        const { data } = await client.mutate({
          mutation: GENERATE_IMAGE,
          variables: {
            input: {
              style,
              photo,
              prompt: prompt?.trim() || null,
              idempotencyKey,
              ...(actionFigure ? { actionFigure } : {}),
            },
          },
        });
        const generation = data?.generateImage;
        if (!generation?.resultUrl || generation.status !== 'SUCCEEDED') {
          throw new GenerationNotDelivered(generation?.errorMessage || GENERATION_FAILED_MESSAGE);
        }
        const result = { id: generation.id, resultUrl: generation.resultUrl };
        creatorSessions.update(key, (session) => ({
          ...session,
          run: { status: 'succeeded', result, settledAt: Date.now() },
        }));
        client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'myGenerations' });
        client.cache.gc();
        if (creatorSessions.mounted(key) === 0) {
          toast({
            title: `Your ${resultNoun} is ready`,
            description: 'Open the page again or My creations to see and download it.',
          });
        }
      } catch (error) {
        console.error('Image generation failed', error);
        const message =
          error instanceof GenerationNotDelivered ? error.message : generationErrorMessage(error);
        creatorSessions.update(key, (session) => ({
          ...session,
          run: { status: 'failed', message, settledAt: Date.now() },
        }));
        if (toastFailures || creatorSessions.mounted(key) === 0) {
          toast({
            title: `Your ${resultNoun} could not be made`,
            description: message,
            variant: 'destructive',
          });
        }
      } finally {
        // Credits were held, then spent or released: every figure on screen follows.
        void client.refetchQueries({ include: ['CurrentUser'] });
      }
    },
    [client, key, style, resultNoun, toast, toastFailures],
  );
};
