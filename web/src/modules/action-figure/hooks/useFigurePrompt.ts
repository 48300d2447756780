import { useState } from 'react';

import type { UpdateSession } from '../../generation/hooks/useCreatorSession';
import type { ActionFigureConfig } from '../utils/action-figure-options';
import { sameFigureConfig } from '../utils/figure-config';

import { useGeneratePrompt } from './useGeneratePrompt';

/**
 * The prompt step: writes the prompt from a valid configuration into the session, remembers
 * which configuration it came from (to say when it is out of date) and keeps the error.
 */
export const useFigurePrompt = (update: UpdateSession, config: ActionFigureConfig) => {
  const { generatePrompt, loading } = useGeneratePrompt();
  const [source, setSource] = useState<ActionFigureConfig | null>(null);
  const [error, setError] = useState<string | null>(null);

  const write = async () => {
    setError(null);
    const outcome = await generatePrompt(config);
    if ('error' in outcome) {
      setError(outcome.error);
      return;
    }
    setSource(config);
    update((session) => ({ ...session, prompt: outcome.prompt }));
  };

  return {
    write,
    writing: loading,
    error,
    stale: source !== null && !sameFigureConfig(source, config),
  };
};
