/** The server's limits and its own wording (api sanitize-upload); the server stays the judge. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

export const ACCEPTED_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** For the file input: the browser offers these first; anything else is caught below. */
export const PHOTO_INPUT_ACCEPT = 'image/*';

export const PHOTO_MESSAGES = {
  empty: 'The file is empty. Please choose a photo.',
  tooLarge: 'The file is too large. Photos can be at most 10 MB.',
  unsupported: 'This file is not a supported image. Please upload a JPG, PNG or WEBP photo.',
  unreadable:
    'This file is not a readable image: it may be damaged or not a photo at all. Please choose another JPG, PNG or WEBP photo.',
} as const;

const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|webp)$/i;

export type PhotoCheck =
  | { ok: true }
  | {
      ok: false;
      message: string;
      /** Not an image at all: the action figure page ignores these silently (spec §5). */
      notAnImage: boolean;
    };

type FileLike = { name: string; type: string; size: number };

/** An instant answer for the obvious cases: the wrong kind of file, an empty or huge one. */
export const checkPhotoFile = ({ name, type, size }: FileLike): PhotoCheck => {
  const declared = type.toLowerCase();
  const accepted = declared
    ? (ACCEPTED_PHOTO_TYPES as readonly string[]).includes(declared)
    : ACCEPTED_EXTENSIONS.test(name);
  if (!accepted) {
    return {
      ok: false,
      message: PHOTO_MESSAGES.unsupported,
      notAnImage: declared ? !declared.startsWith('image/') : true,
    };
  }
  if (size === 0) return { ok: false, message: PHOTO_MESSAGES.empty, notAnImage: false };
  if (size > MAX_PHOTO_BYTES)
    return { ok: false, message: PHOTO_MESSAGES.tooLarge, notAnImage: false };
  return { ok: true };
};
