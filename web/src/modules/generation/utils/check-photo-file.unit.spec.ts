import { describe, expect, it } from 'vitest';

import { checkPhotoFile, MAX_PHOTO_BYTES, PHOTO_MESSAGES } from './check-photo-file';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('photo check in the browser', () => {
  it.each([
    ['me.jpg', 'image/jpeg'],
    ['me.png', 'image/png'],
    ['me.webp', 'image/webp'],
    ['me.JPG', ''],
  ])('accepts %s (%s)', (name, type) => {
    expect(checkPhotoFile(file(name, type))).toEqual({ ok: true });
  });

  it('refuses other images with the server’s message', () => {
    expect(checkPhotoFile(file('anim.gif', 'image/gif'))).toEqual({
      ok: false,
      message: PHOTO_MESSAGES.unsupported,
      notAnImage: false,
    });
  });

  it('marks files that are not images at all', () => {
    expect(checkPhotoFile(file('notes.txt', 'text/plain'))).toMatchObject({
      ok: false,
      notAnImage: true,
    });
    expect(checkPhotoFile(file('notes', ''))).toMatchObject({ ok: false, notAnImage: true });
  });

  it('refuses empty files and files over 10 MB', () => {
    expect(checkPhotoFile(file('a.png', 'image/png', 0))).toMatchObject({
      message: PHOTO_MESSAGES.empty,
    });
    expect(checkPhotoFile(file('a.png', 'image/png', MAX_PHOTO_BYTES))).toEqual({ ok: true });
    expect(checkPhotoFile(file('a.png', 'image/png', MAX_PHOTO_BYTES + 1))).toMatchObject({
      message: 'The file is too large. Photos can be at most 10 MB.',
    });
  });
});
