import { useCallback, useEffect, useSyncExternalStore } from 'react';

import {
  creatorSessions,
  EMPTY_SESSION,
  type CreatorSession,
} from '../utils/creator-session-store';

export type UpdateSession = (change: (session: CreatorSession) => CreatorSession) => void;

/** The creator page's photo, prompt and latest generation, kept across visits (by `key`). */
export const useCreatorSession = (key: string): [CreatorSession, UpdateSession] => {
  const session = useSyncExternalStore(
    creatorSessions.subscribe,
    () => creatorSessions.get(key),
    () => EMPTY_SESSION,
  );
  useEffect(() => creatorSessions.mount(key), [key]);
  const update = useCallback<UpdateSession>((change) => creatorSessions.update(key, change), [key]);
  return [session, update];
};
