import { useSyncExternalStore } from 'react';

import { toastStore } from '../utils/toast-store';
import type { ToastInput, ToastItem } from '../utils/toast-store';

export type ToastApi = {
  toast: (input: ToastInput) => number;
  dismiss: (id?: number) => void;
};

const api: ToastApi = { toast: toastStore.show, dismiss: toastStore.dismiss };

/** `const { toast } = useToast(); toast({ title, description, variant: 'destructive' })` */
export const useToast = (): ToastApi => api;

/** The toast currently shown, or null. Used by the Toaster. */
export const useCurrentToast = (): ToastItem | null =>
  useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, () => null);
