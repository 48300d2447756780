/** Names a control that focus can come back to even when it was rendered anew meanwhile. */
export const FOCUS_RETURN_ATTRIBUTE = 'data-focus-return';

/**
 * Remembers what has focus now and returns the function that gives it back: to the same element
 * if it is still in the page, else to the visible element that carries the same
 * `data-focus-return` name (the header's Sign In is rendered anew when the GraphQL client loads
 * with the sign-in dialog). Nothing happens when neither is there.
 */
export function captureFocusReturn(): () => void {
  const element = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const name = element?.getAttribute(FOCUS_RETURN_ATTRIBUTE) ?? null;
  return () => {
    if (element && element !== document.body && canTakeFocus(element)) {
      element.focus();
      return;
    }
    if (!name) return;
    const successors = document.querySelectorAll<HTMLElement>(
      `[${FOCUS_RETURN_ATTRIBUTE}="${CSS.escape(name)}"]`,
    );
    Array.from(successors).find(canTakeFocus)?.focus();
  };
}

/** In the page, shown (checkVisibility is false for a detached or boxless element), not inert. */
const canTakeFocus = (element: HTMLElement): boolean =>
  element.checkVisibility({ visibilityProperty: true }) && element.closest('[inert]') === null;
