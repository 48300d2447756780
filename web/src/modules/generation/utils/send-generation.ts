import { graphql } from '../../../gql';
import type { ActionFigureConfigInput, Style } from '../../../gql/graphql';
import { apolloClient } from '../../apollo/utils/create-apollo-client';
import { GENERATION_FAILED_MESSAGE, generationErrorMessage } from './generation-error-message';

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

export type GenerationInput = {
  style: Style;
  photo: File;
  prompt: string | null;
  idempotencyKey: string;
  actionFigure?: ActionFigureConfigInput;
};

export type GenerationOutcome =
  | { status: 'succeeded'; result: { id: string; resultUrl: string } }
  | { status: 'failed'; message: string };

/**
 * Sends one generation through the GraphQL client (loaded with this module, when a signed-in
 * user presses the button) and says how it ended, in words for people when it failed. Whatever
 * the outcome, the current user is refetched (credits were held, then spent or released) and a
 * success drops the cached My creations.
 */
export const sendGeneration = async ({
  actionFigure,
  ...input
}: GenerationInput): Promise<GenerationOutcome> => {
  try {
    const { data } = await apolloClient.mutate({
      mutation: GENERATE_IMAGE,
      variables: { input: { ...input, ...(actionFigure ? { actionFigure } : {}) } },
    });
    const generation = data?.generateImage;
    if (!generation?.resultUrl || generation.status !== 'SUCCEEDED') {
      return { status: 'failed', message: generation?.errorMessage || GENERATION_FAILED_MESSAGE };
    }
    apolloClient.cache.evict({ id: 'ROOT_QUERY', fieldName: 'myGenerations' });
    apolloClient.cache.gc();
    return { status: 'succeeded', result: { id: generation.id, resultUrl: generation.resultUrl } };
  } catch (error) {
    console.error('Image generation failed', error);
    return { status: 'failed', message: generationErrorMessage(error) };
  } finally {
    void apolloClient.refetchQueries({ include: ['CurrentUser'] });
  }
};
