import { useState } from 'react';
import type { Action } from '../../../../shared/domain/action.js';

/** Keys and typing for the phone: Home / Back / Enter, and a text box whose text is typed on the device. */
export function DeviceControls({ onAction, busy }: { onAction(a: Action): void; busy: boolean }) {
  const [text, setText] = useState('');
  return (
    <div className="device-controls">
      <div className="row" role="group" aria-label="Phone keys">
        <button type="button" disabled={busy} onClick={() => onAction({ type: 'Back' })} data-testid="key-back">Back</button>
        <button type="button" disabled={busy} onClick={() => onAction({ type: 'Home' })} data-testid="key-home">Home</button>
        <button type="button" disabled={busy} onClick={() => onAction({ type: 'Enter' })} data-testid="key-enter">Enter</button>
      </div>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (!text) return;
          onAction({ type: 'Type', text });
          setText('');
        }}
      >
        <label htmlFor="type-text" className="sr-only">Text to type on the phone</label>
        <input id="type-text" value={text} onChange={(e) => setText(e.target.value)} placeholder="Text to type on the phone" />
        <button type="submit" disabled={busy || !text}>Type</button>
      </form>
    </div>
  );
}
