import { describe, expect, it, vi } from 'vitest';

import {
  createSessionStore,
  EMPTY_SESSION,
  withPhoto,
  withPhotoError,
  withRefusedChoice,
} from './creator-session-store';

const photo = (name: string) => ({ file: new File(['x'], name), previewUrl: `blob:${name}` });

describe('creator sessions', () => {
  it('keeps one session per page and tells listeners about changes only', () => {
    const store = createSessionStore();
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.get('ghibli')).toBe(EMPTY_SESSION);
    store.update('ghibli', (session) => ({ ...session, prompt: 'In the rain' }));
    expect(store.get('ghibli').prompt).toBe('In the rain');
    expect(store.get('pixar')).toBe(EMPTY_SESSION);
    store.update('ghibli', (session) => session);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('counts the pages showing a session', () => {
    const store = createSessionStore();
    const unmountA = store.mount('anime');
    const unmountB = store.mount('anime');
    expect(store.mounted('anime')).toBe(2);
    unmountA();
    unmountB();
    unmountB();
    expect(store.mounted('anime')).toBe(0);
  });

  it('drops the result and the photo error when a new photo is chosen, but not a running generation', () => {
    const done = {
      ...EMPTY_SESSION,
      photoError: 'Image is required',
      run: { status: 'succeeded' as const, result: { id: '1', resultUrl: '/r' }, settledAt: 1 },
    };
    expect(withPhoto(done, photo('a.png'))).toMatchObject({
      photoError: null,
      run: { status: 'idle' },
    });
    const running = {
      ...EMPTY_SESSION,
      run: { status: 'pending' as const, startedAt: 1, idempotencyKey: 'k-1' },
    };
    expect(withPhoto(running, null).run).toBe(running.run);
    expect(withPhotoError(EMPTY_SESSION, 'Too big').photoError).toBe('Too big');
    expect(withRefusedChoice(EMPTY_SESSION, 'Too big').photoError).toBe('Too big');
    const chosen = withPhoto(EMPTY_SESSION, {
      file: new File(['x'], 'chelsea.png', { type: 'image/png' }),
      previewUrl: 'blob:chelsea',
    });
    const refused = withRefusedChoice(chosen, 'This file is not a supported image.');
    expect(refused.photoError).toBe(
      'This file is not a supported image. Your photo chelsea.png is still the one chosen.',
    );
    expect(refused.photo).toBe(chosen.photo);
  });
});
