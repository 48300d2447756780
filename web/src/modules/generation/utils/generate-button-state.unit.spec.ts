import { describe, expect, it } from 'vitest';

import { generateButtonState } from './generate-button-state';

describe('generate button state', () => {
  it('shows Loading while the current user is unknown', () => {
    expect(generateButtonState({ authLoading: true, credits: null, pending: false })).toEqual({
      kind: 'loading',
    });
  });

  it('asks a signed-out visitor to log in', () => {
    expect(generateButtonState({ authLoading: false, credits: null, pending: false }).kind).toBe(
      'signed-out',
    );
  });

  it.each([
    [0, 'Get More Credits (0/5 needed)'],
    [4, 'Get More Credits (4/5 needed)'],
  ])('sends %i credits to pricing', (credits, label) => {
    expect(generateButtonState({ authLoading: false, credits, pending: false })).toEqual({
      kind: 'insufficient',
      credits,
      label,
    });
  });

  it.each([
    [5, 1, '5 credits available · 1 generation remaining'],
    [14, 2, '14 credits available · 2 generations remaining'],
    [300, 60, '300 credits available · 60 generations remaining'],
  ])('is ready with %i credits: floor(credits / 5) generations', (credits, generations, detail) => {
    expect(generateButtonState({ authLoading: false, credits, pending: false })).toEqual({
      kind: 'ready',
      credits,
      generationsRemaining: generations,
      disabled: false,
      detail,
    });
  });

  it('waits for a prompt on the action figure page', () => {
    const state = generateButtonState({
      authLoading: false,
      credits: 5,
      pending: false,
      hasPrompt: false,
    });
    expect(state).toMatchObject({ kind: 'ready', disabled: true });
  });

  it('shows the spinner while pending, whatever the balance says', () => {
    expect(generateButtonState({ authLoading: false, credits: 0, pending: true }).kind).toBe(
      'pending',
    );
    expect(generateButtonState({ authLoading: true, credits: null, pending: true }).kind).toBe(
      'pending',
    );
  });
});
