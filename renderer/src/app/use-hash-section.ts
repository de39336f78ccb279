import { useSyncExternalStore } from 'react';
import { sectionFromHash } from './sections.js';

const subscribe = (cb: () => void): (() => void) => {
  window.addEventListener('hashchange', cb);
  return () => window.removeEventListener('hashchange', cb);
};

/** The current section lives in the URL hash, so reloads and the back button keep it. */
export function useHashSection(): string {
  return useSyncExternalStore(subscribe, () => sectionFromHash(window.location.hash));
}
