import { useCallback, useState } from 'react';

const STORAGE_KEY = 'sidebarCollapsed';

const readStored = (): boolean => {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
};

/** Desktop sidebar width (wide or narrow), remembered across visits. */
export const useSidebarCollapsed = (): [boolean, () => void] => {
  const [collapsed, setCollapsed] = useState(readStored);
  const toggle = useCallback(() => {
    setCollapsed((value) => {
      const next = !value;
      try {
        window.localStorage.setItem(STORAGE_KEY, String(next));
      } catch {
        // Storage can be unavailable (private mode); the choice then lasts for this page only.
      }
      return next;
    });
  }, []);
  return [collapsed, toggle];
};
