import { useCallback } from 'react';

import type { ActionFigureConfigInput, Style } from '../../../gql/graphql';
import { useToast } from '../../toast/hooks/useToast';
import { creatorSessions } from '../utils/creator-session-store';
import { NETWORK_FAILURE_MESSAGE } from '../utils/generation-failure-messages';
import { newIdempotencyKey } from '../utils/idempotency-key';
import type { GenerationOutcome } from '../utils/send-generation';

export type GenerateImageRequest = {
  photo: File;
  prompt: string | null;
  actionFigure?: ActionFigureConfigInput;
};

/**
 * Starts a generation for the creator session `key` and settles it there: pending (with its
 * start time for the progress display), then the result or a message for people. The request
 * outlives the page, so a visitor can browse while it runs; when it settles the current user is
 * refetched so every credits figure updates, and My creations is refreshed. The GraphQL client
 * comes with the request (send-generation.ts), so the page hydrates without it.
 */
export const useGenerateImage = (
  key: string,
  style: Style,
  resultNoun: string,
  /** Pages without an error box of their own also report failures in a toast. */
  { toastFailures = false }: { toastFailures?: boolean } = {},
) => {
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
      const outcome: GenerationOutcome = await import('../utils/send-generation').then(
        ({ sendGeneration }) =>
          sendGeneration({
            style,
            photo,
            prompt: prompt?.trim() || null,
            idempotencyKey,
            actionFigure,
          }),
        (error: unknown) => {
          // The GraphQL client's code did not load: nothing was sent.
          console.error('Image generation failed', error);
          return { status: 'failed', message: NETWORK_FAILURE_MESSAGE };
        },
      );
      if (outcome.status === 'succeeded') {
        creatorSessions.update(key, (session) => ({
          ...session,
          run: { status: 'succeeded', result: outcome.result, settledAt: Date.now() },
        }));
        if (creatorSessions.mounted(key) === 0) {
          toast({
            title: `Your ${resultNoun} is ready`,
            description: 'Open the page again or My creations to see and download it.',
          });
        }
        return;
      }
      creatorSessions.update(key, (session) => ({
        ...session,
        run: { status: 'failed', message: outcome.message, settledAt: Date.now() },
      }));
      if (toastFailures || creatorSessions.mounted(key) === 0) {
        toast({
          title: `Your ${resultNoun} could not be made`,
          description: outcome.message,
          variant: 'destructive',
        });
      }
    },
    [key, style, resultNoun, toast, toastFailures],
  );
};
