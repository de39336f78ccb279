/**
 * Recording from the keyboard: one key per control, so an annotator's other hand stays on
 * the mouse over the phone. Plain letters, because they are quick; they are off while the
 * focus is in a text field (typing there means typing), and Alt/Ctrl/Meta combinations are
 * left to the browser and the app (Alt+1…9 switch screens), except Ctrl+Z for undo.
 */
export type RecordCommand =
  | 'back'
  | 'home'
  | 'enter'
  | 'focusType'
  | 'undo'
  | 'finish'
  | 'discard'
  | 'confirm'
  | 'cancel'
  | 'swipeUp'
  | 'swipeDown'
  | 'swipeLeft'
  | 'swipeRight'
  | 'start'
  | 'next'
  | 'again'
  | 'help';

export interface Shortcut {
  command: RecordCommand;
  /** `KeyboardEvent.key` values (case-insensitive for letters). */
  keys: string[];
  /** What the user reads, e.g. "B". */
  label: string;
  /** The aria-keyshortcuts value. */
  aria: string;
  what: string;
  /** When it applies: while recording, or between demonstrations. */
  when: 'recording' | 'idle' | 'always';
}

export const SHORTCUTS: readonly Shortcut[] = [
  { command: 'back', keys: ['b'], label: 'B', aria: 'B', what: 'Back key on the phone', when: 'recording' },
  { command: 'home', keys: ['h'], label: 'H', aria: 'H', what: 'Home key on the phone', when: 'recording' },
  { command: 'enter', keys: ['e'], label: 'E', aria: 'E', what: 'Enter key on the phone', when: 'recording' },
  {
    command: 'focusType',
    keys: ['t', '/'],
    label: 'T',
    aria: 'T',
    what: 'Type text: focus the text box (Enter types it, Shift+Enter types it and presses Enter, Esc leaves)',
    when: 'recording',
  },
  { command: 'swipeUp', keys: ['ArrowUp'], label: '↑', aria: 'ArrowUp', what: 'Swipe up (scroll down the page)', when: 'recording' },
  { command: 'swipeDown', keys: ['ArrowDown'], label: '↓', aria: 'ArrowDown', what: 'Swipe down (scroll up the page)', when: 'recording' },
  { command: 'swipeLeft', keys: ['ArrowLeft'], label: '←', aria: 'ArrowLeft', what: 'Swipe left', when: 'recording' },
  { command: 'swipeRight', keys: ['ArrowRight'], label: '→', aria: 'ArrowRight', what: 'Swipe right', when: 'recording' },
  {
    command: 'undo',
    keys: ['u', 'ctrl+z'],
    label: 'U',
    aria: 'U Control+Z',
    what: 'Undo the last step (the phone keeps its state: go back yourself)',
    when: 'recording',
  },
  { command: 'finish', keys: ['f'], label: 'F', aria: 'F', what: 'Finish: the screen shows the goal', when: 'recording' },
  { command: 'discard', keys: ['d'], label: 'D', aria: 'D', what: 'Discard the demonstration (asks first)', when: 'recording' },
  { command: 'confirm', keys: ['y'], label: 'Y', aria: 'Y', what: 'Yes, discard (while asked)', when: 'recording' },
  {
    command: 'cancel',
    keys: ['Escape'],
    label: 'Esc',
    aria: 'Escape',
    what: 'Keep recording (while asked); leave the text box',
    when: 'always',
  },
  { command: 'start', keys: ['s'], label: 'S', aria: 'S', what: 'Start recording the first chosen task', when: 'idle' },
  { command: 'next', keys: ['n'], label: 'N', aria: 'N', what: 'Record the next chosen task on the same phone', when: 'idle' },
  { command: 'again', keys: ['r'], label: 'R', aria: 'R', what: 'Record the same task again (another path)', when: 'idle' },
  { command: 'help', keys: ['?'], label: '?', aria: 'Shift+?', what: 'Show or hide this list', when: 'always' },
];

export const shortcutOf = (c: RecordCommand): Shortcut => SHORTCUTS.find((s) => s.command === c)!;

export interface KeyLike {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey?: boolean;
}

/**
 * The command a key press means, or null. `typing` = the focus is in a text field or a
 * list control (select, radio), whose own keys win; only Esc still applies there.
 */
export function commandFor(e: KeyLike, ctx: { recording: boolean; typing: boolean }): RecordCommand | null {
  if (e.altKey || e.metaKey) return null;
  const key = e.ctrlKey ? `ctrl+${e.key.toLowerCase()}` : e.key.length === 1 ? e.key.toLowerCase() : e.key;
  const hit = SHORTCUTS.find((s) => s.keys.includes(key));
  if (!hit) return null;
  if (ctx.typing && hit.command !== 'cancel') return null;
  if (e.ctrlKey && key !== 'ctrl+z') return null;
  if (hit.when === 'recording' && !ctx.recording) return null;
  if (hit.when === 'idle' && ctx.recording) return null;
  return hit.command;
}

/** Whether keys typed now belong to the focused element (text fields, selects, radio groups). */
export function isTypingTarget(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  if (t.isContentEditable || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT') return true;
  if (t.tagName !== 'INPUT') return false;
  const type = (t as HTMLInputElement).type;
  return !['button', 'submit', 'reset', 'checkbox'].includes(type);
}

/** Swipes the arrow keys stand for, in canonical [0,1000] coordinates. */
export const KEY_SWIPES = {
  swipeUp: { from: { x: 500, y: 700 }, to: { x: 500, y: 300 } },
  swipeDown: { from: { x: 500, y: 300 }, to: { x: 500, y: 700 } },
  swipeLeft: { from: { x: 800, y: 500 }, to: { x: 200, y: 500 } },
  swipeRight: { from: { x: 200, y: 500 }, to: { x: 800, y: 500 } },
} as const;
