/**
 * What a creator page holds between visits: the chosen photo, the prompt and the latest
 * generation. It lives outside React so a generation keeps running (and its result stays) when
 * the visitor browses elsewhere and comes back; the server keeps every result in My creations.
 */
export type GenerationResult = { id: string; resultUrl: string };

export type GenerationRun =
  | { status: 'idle' }
  | { status: 'pending'; startedAt: number; idempotencyKey: string }
  | { status: 'succeeded'; result: GenerationResult; settledAt: number }
  | { status: 'failed'; message: string; settledAt: number };

export type ChosenPhoto = { file: File; previewUrl: string };

export type CreatorSession = {
  photo: ChosenPhoto | null;
  /** The message of a photo the browser already refused (wrong type, too large). */
  photoError: string | null;
  /** What the visitor typed; null until they edit it (the page shows its default prompt). */
  prompt: string | null;
  run: GenerationRun;
};

export const EMPTY_SESSION: CreatorSession = {
  photo: null,
  photoError: null,
  prompt: null,
  run: { status: 'idle' },
};

type Listener = () => void;

export type SessionStore = {
  get: (key: string) => CreatorSession;
  update: (key: string, change: (session: CreatorSession) => CreatorSession) => void;
  subscribe: (listener: Listener) => () => void;
  /** How many mounted pages show this session (a result that lands elsewhere gets a toast). */
  mounted: (key: string) => number;
  mount: (key: string) => () => void;
};

export const createSessionStore = (): SessionStore => {
  const sessions = new Map<string, CreatorSession>();
  const mounts = new Map<string, number>();
  const listeners = new Set<Listener>();
  return {
    get: (key) => sessions.get(key) ?? EMPTY_SESSION,
    update: (key, change) => {
      const before = sessions.get(key) ?? EMPTY_SESSION;
      const after = change(before);
      if (after === before) return;
      sessions.set(key, after);
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    mounted: (key) => mounts.get(key) ?? 0,
    mount: (key) => {
      mounts.set(key, (mounts.get(key) ?? 0) + 1);
      return () => mounts.set(key, Math.max(0, (mounts.get(key) ?? 1) - 1));
    },
  };
};

/** A new photo replaces the old one and any result made from it. */
export const withPhoto = (session: CreatorSession, photo: ChosenPhoto | null): CreatorSession => ({
  ...session,
  photo,
  photoError: null,
  run: session.run.status === 'pending' ? session.run : { status: 'idle' },
});

export const withPhotoError = (session: CreatorSession, message: string): CreatorSession => ({
  ...session,
  photoError: message,
});

/**
 * A newly chosen file refused: its message. A photo chosen before stays chosen, and the message
 * says so (the card still shows it, and would otherwise read as the refused one).
 */
export const withRefusedChoice = (session: CreatorSession, message: string): CreatorSession =>
  withPhotoError(
    session,
    session.photo
      ? `${message} Your photo ${session.photo.file.name} is still the one chosen.`
      : message,
  );

export const creatorSessions = createSessionStore();
