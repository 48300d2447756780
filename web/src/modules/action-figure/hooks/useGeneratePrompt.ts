import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';

import { graphql } from '../../../gql';
import { userMessageOf } from '../../apollo/utils/graphql-errors';
import type { ActionFigureConfig } from '../utils/action-figure-options';

const GENERATE_PROMPT = graphql(`
  mutation GeneratePrompt($config: ActionFigureConfigInput!) {
    generatePrompt(config: $config)
  }
`);

export const PROMPT_FAILED_MESSAGE = 'We could not write the prompt. Please try again.';

/** Turns the figure's configuration into a prompt on the server (spec §7, generate-prompt). */
export const useGeneratePrompt = () => {
  const [mutate, { loading }] = useMutation(GENERATE_PROMPT);
  const generatePrompt = useCallback(
    async (config: ActionFigureConfig): Promise<{ prompt: string } | { error: string }> => {
      try {
        const { data } = await mutate({ variables: { config } });
        return data ? { prompt: data.generatePrompt } : { error: PROMPT_FAILED_MESSAGE };
      } catch (error) {
        console.error('Prompt generation failed', error);
        return { error: userMessageOf(error) ?? PROMPT_FAILED_MESSAGE };
      }
    },
    [mutate],
  );
  return { generatePrompt, loading };
};
