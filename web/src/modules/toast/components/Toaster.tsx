import { useEffect, useRef, useState } from 'react';

import { IconCheck, IconClose } from '../../ui/icons/icons';
import { cx } from '../../ui/utils/cx';
import { usePublishToastBottom } from '../hooks/usePublishToastBottom';
import { useCurrentToast, useToast } from '../hooks/useToast';
import type { ToastItem } from '../utils/toast-store';

import styles from './Toaster.module.css';

/** How long a toast stays before it dismisses itself (paused while hovered or focused). */
export const TOAST_DURATION_MS = 6000;

const ToastCard = ({ toast }: { toast: ToastItem }) => {
  const { dismiss } = useToast();
  const [paused, setPaused] = useState(false);
  const onDismiss = () => dismiss(toast.id);

  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => dismiss(toast.id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [dismiss, paused, toast.id]);

  return (
    <div
      className={cx(styles.toast, toast.variant === 'destructive' && styles.destructive)}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className={styles.icon} aria-hidden="true">
        {toast.variant === 'destructive' ? <IconClose size={16} /> : <IconCheck size={16} />}
      </span>
      <div className={styles.body}>
        <p className={styles.title}>{toast.title}</p>
        {toast.description && <p className={styles.description}>{toast.description}</p>}
      </div>
      <button
        type="button"
        className={styles.close}
        onClick={onDismiss}
        aria-label="Dismiss notification"
      >
        <IconClose size={18} />
      </button>
    </div>
  );
};

/**
 * Renders the current toast. Both live regions are always in the document so screen readers
 * announce a toast when it appears: default toasts politely (status), destructive ones at once
 * (alert).
 */
export const Toaster = () => {
  const toast = useCurrentToast();
  const viewportRef = useRef<HTMLElement>(null);
  usePublishToastBottom(viewportRef, toast !== null);

  return (
    <section
      ref={viewportRef}
      className={styles.viewport}
      aria-label="Notifications"
      data-stays-live
    >
      <div role="status" aria-live="polite" aria-atomic="true">
        {toast && toast.variant === 'default' && <ToastCard key={toast.id} toast={toast} />}
      </div>
      <div role="alert" aria-atomic="true">
        {toast && toast.variant === 'destructive' && <ToastCard key={toast.id} toast={toast} />}
      </div>
    </section>
  );
};
