/** React DOM on its own, so the entry can have it evaluated in a task before the app's code. */
export { createRoot, hydrateRoot } from 'react-dom/client';
