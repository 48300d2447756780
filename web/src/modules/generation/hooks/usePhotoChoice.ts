import { useCallback } from 'react';

import { checkPhotoFile } from '../utils/check-photo-file';
import { withPhoto, withPhotoError } from '../utils/creator-session-store';

import type { UpdateSession } from './useCreatorSession';

type PhotoChoiceOptions = {
  /** The action figure page silently ignores files that are not images (spec §5). */
  ignoreNonImages?: boolean;
};

/** Choosing, refusing and removing the session's photo (with its preview URL). */
export const usePhotoChoice = (
  update: UpdateSession,
  { ignoreNonImages = false }: PhotoChoiceOptions = {},
) => {
  const choose = useCallback(
    (file: File) => {
      const check = checkPhotoFile(file);
      if (!check.ok) {
        if (!(ignoreNonImages && check.notAnImage))
          update((session) => withPhotoError(session, check.message));
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

  const remove = useCallback(
    () =>
      update((session) => {
        if (session.photo) URL.revokeObjectURL(session.photo.previewUrl);
        return withPhoto(session, null);
      }),
    [update],
  );

  const refuse = useCallback(
    (message: string) => update((session) => withPhotoError(session, message)),
    [update],
  );

  return { choose, remove, refuse };
};
