import { useEffect } from 'react';
import type { RefObject } from 'react';

type DismissableOptions = {
  open: boolean;
  onClose: () => void;
  /** The layer (menu, panel, drawer); pointer presses outside it close it. */
  layerRef: RefObject<HTMLElement | null>;
  /** The control that opened the layer; it is ignored by outside presses and gets focus back. */
  triggerRef: RefObject<HTMLElement | null>;
  closeOnOutsidePress?: boolean;
};

/**
 * Escape closes the layer and returns focus to its trigger; a press outside the layer and
 * its trigger closes it without moving focus.
 */
export const useDismissable = ({
  open,
  onClose,
  layerRef,
  triggerRef,
  closeOnOutsidePress = true,
}: DismissableOptions): void => {
  useEffect(() => {
    if (!open) return;

    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog over the layer handled it: that Escape was the dialog's.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.stopPropagation();
      onClose();
      triggerRef.current?.focus();
    };

    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (!target) return;
      if (layerRef.current?.contains(target) || triggerRef.current?.contains(target)) return;
      onClose();
    };

    document.addEventListener('keydown', onKeyDown);
    if (closeOnOutsidePress) document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, onClose, layerRef, triggerRef, closeOnOutsidePress]);
};
