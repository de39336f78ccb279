import { Kbd } from '../../components/Kbd.js';
import { SHORTCUTS } from './shortcuts.js';

/** Every recording shortcut, shown on request (? or the button), also written in docs/ui.md. */
export function ShortcutHelp({ open, onToggle }: { open: boolean; onToggle(): void }) {
  return (
    <div className="shortcut-help">
      <button
        type="button"
        className="link"
        aria-expanded={open}
        aria-controls="shortcut-list"
        onClick={onToggle}
        aria-keyshortcuts="Shift+?"
        data-testid="shortcut-help-toggle"
      >
        {open ? 'Hide keyboard shortcuts' : 'Keyboard shortcuts'} <Kbd>?</Kbd>
      </button>
      {open && (
        <table id="shortcut-list" className="data shortcut-list" data-testid="shortcut-list">
          <caption className="sr-only">Recording keyboard shortcuts</caption>
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Does</th>
            </tr>
          </thead>
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s.command}>
                <td>
                  <kbd className="kbd">
                    {s.keys.map((k) => (k === 'ctrl+z' ? 'Ctrl+Z' : k.length === 1 ? k.toUpperCase() : s.label)).join(' / ')}
                  </kbd>
                </td>
                <td>
                  {s.what}
                  {s.when === 'idle' ? ' (between demonstrations)' : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
