import { useCallback, useState } from 'react';
import type { SetStateAction } from 'react';
import { useLocation } from 'react-router';

/**
 * Open/closed state for a menu or drawer that closes by itself when the page or the breakpoint
 * changes: the state remembers where it was opened, so no effect has to close it afterwards.
 */
export const useOpenUntilNavigation = (
  isMobile: boolean,
): [boolean, (open: SetStateAction<boolean>) => void] => {
  const { pathname } = useLocation();
  const place = `${isMobile ? 'mobile' : 'desktop'}:${pathname}`;
  const [openAt, setOpenAt] = useState<string | null>(null);
  // Navigated (or crossed the breakpoint) while open: closed, also for a later return to this place.
  if (openAt !== null && openAt !== place) setOpenAt(null);
  const open = openAt === place;
  const setOpen = useCallback(
    (next: SetStateAction<boolean>) =>
      setOpenAt((current) => {
        const wasOpen = current === place;
        const willOpen = typeof next === 'function' ? next(wasOpen) : next;
        return willOpen ? place : null;
      }),
    [place],
  );
  return [open, setOpen];
};
