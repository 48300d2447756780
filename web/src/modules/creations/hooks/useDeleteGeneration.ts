import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';

import { graphql } from '../../../gql';
import { useToast } from '../../toast/hooks/useToast';

const DELETE_GENERATION = graphql(`
  mutation DeleteGeneration($generationId: ID!) {
    deleteGeneration(generationId: $generationId) {
      message
    }
  }
`);

/** Deletes one of the user's images (and its public link), then drops it from every list. */
export const useDeleteGeneration = () => {
  const client = useApolloClient();
  const { toast } = useToast();
  const [mutate, { loading }] = useMutation(DELETE_GENERATION);

  const remove = useCallback(
    async (generationId: string) => {
      try {
        const { data } = await mutate({ variables: { generationId } });
        client.cache.evict({
          id: client.cache.identify({ __typename: 'Generation', id: generationId }),
        });
        client.cache.gc();
        toast({ title: 'Image deleted', description: data?.deleteGeneration.message ?? '' });
      } catch (error) {
        toast({
          title: 'The image could not be deleted',
          description: error instanceof Error ? error.message : 'Please try again.',
          variant: 'destructive',
        });
      }
    },
    [client, mutate, toast],
  );
  return { remove, deleting: loading };
};
