import type { PhoneModel } from './phone.js';
import type { InputWidget, Widget, ScreenView } from '../ui/widgets.js';

/** Finds the focused input widget (value + callbacks) in the current screen's description. */
export function composeFrameInputs(phone: PhoneModel): InputWidget | null {
  const inst = phone.currentInstance();
  if (!phone.focus || phone.focus.instance !== inst.key) return null;
  const app = phone.apps.get(phone.foreground)!;
  const view: ScreenView = app.screens[inst.screenId]!.render(phone.contextFor(phone.foreground, inst));
  const all: Widget[] = [...view.body, ...(view.footer ?? []), ...(view.dialog?.body ?? [])];
  const find = (ws: Widget[]): InputWidget | null => {
    for (const w of ws) {
      if (w.kind === 'input' && w.id === phone.focus!.inputId) return w;
      if (w.kind === 'card') {
        const r = find(w.children);
        if (r) return r;
      }
    }
    return null;
  };
  return find(all);
}
