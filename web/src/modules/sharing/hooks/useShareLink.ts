import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';

import { graphql } from '../../../gql';
import { useToast } from '../../toast/hooks/useToast';
import { canUseWebShare, shareUrl } from '../utils/share-link';

const SHARE_GENERATION = graphql(`
  mutation ShareGeneration($input: ShareGenerationInput!) {
    shareGeneration(input: $input) {
      id
      share {
        id
        path
        includesOriginal
      }
    }
  }
`);

const UNSHARE_GENERATION = graphql(`
  mutation UnshareGeneration($generationId: ID!) {
    unshareGeneration(generationId: $generationId) {
      id
      share {
        id
        path
        includesOriginal
      }
    }
  }
`);

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Please try again.';

/** Opens, stops, copies and hands a result's public link to the system share sheet. */
export const useShareLink = (generationId: string) => {
  const { toast } = useToast();
  const [shareMutation, { loading: sharing }] = useMutation(SHARE_GENERATION);
  const [unshareMutation, { loading: stopping }] = useMutation(UNSHARE_GENERATION);

  const share = useCallback(
    async (includeOriginal: boolean, originalPhoto: File | null) => {
      try {
        const { data } = await shareMutation({
          variables: {
            input: {
              generationId,
              includeOriginal,
              originalPhoto: includeOriginal ? originalPhoto : null,
            },
          },
        });
        return data?.shareGeneration.share ?? null;
      } catch (error) {
        toast({
          title: 'The link could not be made',
          description: messageOf(error),
          variant: 'destructive',
        });
        return null;
      }
    },
    [generationId, shareMutation, toast],
  );

  const stop = useCallback(async () => {
    try {
      await unshareMutation({ variables: { generationId } });
      toast({ title: 'Sharing stopped', description: 'The link no longer works.' });
      return true;
    } catch (error) {
      toast({
        title: 'Sharing could not be stopped',
        description: messageOf(error),
        variant: 'destructive',
      });
      return false;
    }
  }, [generationId, unshareMutation, toast]);

  const copy = useCallback(
    async (path: string) => {
      try {
        await navigator.clipboard.writeText(shareUrl(path));
        toast({ title: 'Link copied', description: 'Anyone with the link can see this image.' });
      } catch {
        toast({
          title: 'The link could not be copied',
          description: shareUrl(path),
          variant: 'destructive',
        });
      }
    },
    [toast],
  );

  const shareSheet = useCallback(async (path: string, title: string) => {
    if (!canUseWebShare()) return;
    try {
      await navigator.share({ title, url: shareUrl(path) });
    } catch {
      // Closing the share sheet rejects too; nothing to report.
    }
  }, []);

  return { share, stop, copy, shareSheet, busy: sharing || stopping };
};
