export type ToastVariant = 'default' | 'destructive';

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
};

export type ToastItem = Required<Pick<ToastInput, 'title' | 'variant'>> & {
  id: number;
  description?: string;
};

type Listener = () => void;

/**
 * One toast at a time: a new toast replaces the current one, and a dismissed toast is
 * removed at once (the spec's 1,000,000 ms removal delay only kept a hidden toast around).
 * A module-level store so `toast()` can be called from anywhere, including outside React.
 */
let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

const emit = (): void => {
  for (const listener of listeners) listener();
};

export const toastStore = {
  getSnapshot: (): ToastItem | null => current,
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  show: ({ title, description, variant = 'default' }: ToastInput): number => {
    const id = nextId++;
    current = { id, title, description, variant };
    emit();
    return id;
  },
  /** Dismisses the toast with this id (or the current one); ignores stale ids. */
  dismiss: (id?: number): void => {
    if (current === null || (id !== undefined && current.id !== id)) return;
    current = null;
    emit();
  },
};
