import { CREDITS_PER_GENERATION, generationsRemaining } from '../../credits/utils/credit-rules';

export type GenerateButtonInput = {
  /** The current-user query has not answered yet. */
  authLoading: boolean;
  /** The signed-in user's available credits, or null when signed out. */
  credits: number | null;
  /** A generation from this page is running. */
  pending: boolean;
  /** The action figure page needs a prompt first; the other pages always have one. */
  hasPrompt?: boolean;
};

/**
 * The action button's states (spec §4), in the order they win:
 * pending → loading → signed out → not enough credits → ready.
 */
export type GenerateButtonState =
  | { kind: 'pending' }
  | { kind: 'loading' }
  | { kind: 'signed-out' }
  | { kind: 'insufficient'; credits: number; label: string }
  | {
      kind: 'ready';
      credits: number;
      generationsRemaining: number;
      /** Only the action figure page: Create waits for a prompt. */
      disabled: boolean;
      detail: string;
    };

export const LOADING_LABEL = 'Loading...';
export const LOADING_DETAIL = 'Checking authentication...';
export const SIGNED_OUT_LABEL = 'Login to Generate';

export const insufficientCreditsLabel = (credits: number): string =>
  `Get More Credits (${credits}/${CREDITS_PER_GENERATION} needed)`;

/** "5 credits available · 1 generation remaining" */
export const creditsDetail = (credits: number): string => {
  const generations = generationsRemaining(credits);
  return `${credits} ${credits === 1 ? 'credit' : 'credits'} available · ${generations} ${
    generations === 1 ? 'generation' : 'generations'
  } remaining`;
};

export const generateButtonState = ({
  authLoading,
  credits,
  pending,
  hasPrompt = true,
}: GenerateButtonInput): GenerateButtonState => {
  if (pending) return { kind: 'pending' };
  if (authLoading) return { kind: 'loading' };
  if (credits === null) return { kind: 'signed-out' };
  if (credits < CREDITS_PER_GENERATION) {
    return { kind: 'insufficient', credits, label: insufficientCreditsLabel(credits) };
  }
  return {
    kind: 'ready',
    credits,
    generationsRemaining: generationsRemaining(credits),
    disabled: !hasPrompt,
    detail: creditsDetail(credits),
  };
};
