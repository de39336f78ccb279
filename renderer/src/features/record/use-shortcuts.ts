import { useEffect } from 'react';
import type { RecordCommand } from './shortcuts.js';
import { commandFor, isTypingTarget } from './shortcuts.js';

/**
 * Listens for the recording shortcuts anywhere on the page. `run` returns false for a
 * command that does not apply right now, so its key keeps its usual meaning. Arrow keys
 * stay with elements that scroll by them (marked `data-own-arrows`).
 */
export function useShortcuts(recording: boolean, run: (c: RecordCommand) => boolean): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.defaultPrevented || e.repeat) return;
      const command = commandFor(e, { recording, typing: isTypingTarget(e.target) });
      if (!command) return;
      const ownsArrows = e.target instanceof Element && e.target.closest('[data-own-arrows]') !== null;
      if (command.startsWith('swipe') && ownsArrows) return;
      if (run(command)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [recording, run]);
}
