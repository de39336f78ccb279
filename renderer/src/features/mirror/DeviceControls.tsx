import type { RefObject } from 'react';
import { useState } from 'react';
import type { Action } from '../../../../shared/domain/action.js';
import { Kbd } from '../../components/Kbd.js';
import type { RecordCommand } from '../record/shortcuts.js';
import { KEY_SWIPES, shortcutOf } from '../record/shortcuts.js';

const KEYS: { command: RecordCommand; action: Action; text: string; testid: string }[] = [
  { command: 'back', action: { type: 'Back' }, text: 'Back', testid: 'key-back' },
  { command: 'home', action: { type: 'Home' }, text: 'Home', testid: 'key-home' },
  { command: 'enter', action: { type: 'Enter' }, text: 'Enter', testid: 'key-enter' },
];

const SWIPES = [
  { command: 'swipeUp', text: 'Swipe up' },
  { command: 'swipeDown', text: 'Swipe down' },
  { command: 'swipeLeft', text: 'Swipe left' },
  { command: 'swipeRight', text: 'Swipe right' },
] as const;

/**
 * Keys, swipes and typing for the phone. Each button names its keyboard shortcut; the
 * shortcuts themselves are handled by the page (they work from anywhere on it).
 */
export function DeviceControls({
  onAction,
  busy,
  typeRef,
}: {
  onAction(a: Action): void;
  busy: boolean;
  typeRef?: RefObject<HTMLInputElement | null>;
}) {
  const [text, setText] = useState('');
  const submit = (pressEnter: boolean): void => {
    if (!text || busy) return;
    onAction(pressEnter ? { type: 'Type', text, submit: true } : { type: 'Type', text });
    setText('');
  };
  return (
    <div className="device-controls">
      <div className="button-row" role="group" aria-label="Phone keys">
        {KEYS.map((k) => {
          const s = shortcutOf(k.command);
          return (
            <button
              key={k.command}
              type="button"
              disabled={busy}
              onClick={() => onAction(k.action)}
              data-testid={k.testid}
              aria-keyshortcuts={s.aria}
            >
              {k.text} <Kbd>{s.label}</Kbd>
            </button>
          );
        })}
      </div>
      <div className="button-row swipes" role="group" aria-label="Swipe on the phone">
        {SWIPES.map((w) => {
          const s = shortcutOf(w.command);
          return (
            <button
              key={w.command}
              type="button"
              className="secondary"
              disabled={busy}
              aria-label={w.text}
              title={w.text}
              aria-keyshortcuts={s.aria}
              onClick={() => onAction({ type: 'Swipe', ...KEY_SWIPES[w.command], ms: 300 })}
              data-testid={`key-${w.command}`}
            >
              {s.label}
            </button>
          );
        })}
      </div>
      <form
        className="row type-row"
        onSubmit={(e) => {
          e.preventDefault();
          submit(false);
        }}
      >
        <label htmlFor="type-text" className="sr-only">
          Text to type on the phone (Enter types it, Shift+Enter also presses Enter)
        </label>
        <input
          id="type-text"
          ref={typeRef}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && e.shiftKey) {
              e.preventDefault();
              submit(true);
            }
          }}
          placeholder="Text to type on the phone"
          aria-keyshortcuts={shortcutOf('focusType').aria}
          data-testid="type-text"
        />
        <button type="submit" disabled={busy || !text}>
          Type <Kbd>{shortcutOf('focusType').label}</Kbd>
        </button>
      </form>
    </div>
  );
}
