/** Marks what stays reachable while a modal is open (the toasts' live regions). */
export const STAYS_LIVE_ATTRIBUTE = 'data-stays-live';

/**
 * Makes the page behind `keep` inert (no focus, no clicks, hidden from screen readers): every
 * sibling of `keep` and of each of its ancestors up to <body>, except elements marked
 * `data-stays-live`. Returns the undo, which restores only what it changed.
 */
export function inertOutside(keep: HTMLElement): () => void {
  const changed: HTMLElement[] = [];
  for (let node: HTMLElement = keep; node.parentElement; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling === node || !(sibling instanceof HTMLElement) || sibling.inert) continue;
      if (sibling.hasAttribute(STAYS_LIVE_ATTRIBUTE)) continue;
      sibling.inert = true;
      changed.push(sibling);
    }
    if (node.parentElement === document.body) break;
  }
  return () => {
    for (const element of changed) element.inert = false;
  };
}
