import { describe, expect, it } from 'vitest';

import { authModalCopy } from './auth-modal-copy';

describe('the auth modal words fit the action that opened it', () => {
  it('speaks of generating only from a creator', () => {
    expect(authModalCopy('login', { kind: 'generate' }).intro).toBe(
      'Sign in to generate and download your art.',
    );
    for (const purpose of [
      { kind: 'account' },
      { kind: 'creations' },
      { kind: 'checkout', planName: 'Pro Plan' },
    ] as const)
      expect(authModalCopy('login', purpose).intro).not.toContain('generate');
  });

  it('names the chosen plan when it opened from a plan, in both modes', () => {
    expect(authModalCopy('login', { kind: 'checkout', planName: 'Pro Plan' })).toEqual({
      title: 'Welcome back',
      intro: 'Sign in to continue to the Pro Plan checkout.',
    });
    expect(authModalCopy('register', { kind: 'checkout', planName: 'Ultra Plan' })).toEqual({
      title: 'Create your account',
      intro: 'Create your account to continue to the Ultra Plan checkout.',
    });
  });

  it('defaults to the account when nothing more is known', () => {
    expect(authModalCopy('login')).toEqual({
      title: 'Welcome back',
      intro: 'Sign in to see your credits, creations and subscription.',
    });
    expect(authModalCopy('register').intro).toContain('5 free credits');
  });
});
