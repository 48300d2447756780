import { useCallback, useRef } from 'react';

import { PHOTO_MESSAGES, checkPhotoFile } from '../utils/check-photo-file';
import { decodesAsImage } from '../utils/decode-photo';
import { withPhoto, withPhotoError, withRefusedChoice } from '../utils/creator-session-store';

import type { UpdateSession } from './useCreatorSession';

type PhotoChoiceOptions = {
  /** The action figure page silently ignores files that are not images (spec §5). */
  ignoreNonImages?: boolean;
};

/**
 * Choosing, refusing and removing the session's photo (with its preview URL). A chosen file is
 * decoded in the browser first: one that is not a readable image is refused at once, with no
 * broken preview. When a second file is chosen while the first decodes, only the last counts.
 */
export const usePhotoChoice = (
  update: UpdateSession,
  { ignoreNonImages = false }: PhotoChoiceOptions = {},
) => {
  const latest = useRef(0);
  const choose = useCallback(
    async (file: File) => {
      const choice = ++latest.current;
      const check = checkPhotoFile(file);
      if (!check.ok) {
        if (!(ignoreNonImages && check.notAnImage))
          update((session) => withRefusedChoice(session, check.message));
        return;
      }
      const readable = await decodesAsImage(file);
      if (choice !== latest.current) return;
      if (!readable) {
        update((session) => withRefusedChoice(session, PHOTO_MESSAGES.unreadable));
        return;
      }
      const previewUrl = URL.createObjectURL(file);
      update((session) => {
        if (session.photo) URL.revokeObjectURL(session.photo.previewUrl);
        return withPhoto(session, { file, previewUrl });
      });
    },
    [ignoreNonImages, update],
  );

  const remove = useCallback(() => {
    latest.current += 1;
    update((session) => {
      if (session.photo) URL.revokeObjectURL(session.photo.previewUrl);
      return withPhoto(session, null);
    });
  }, [update]);

  const refuse = useCallback(
    (message: string) => update((session) => withPhotoError(session, message)),
    [update],
  );

  return { choose, remove, refuse };
};
