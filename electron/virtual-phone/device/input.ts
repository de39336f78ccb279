import type { PhoneModel } from './phone.js';
import type { VNode } from '../ui/vnode.js';
import { contains } from '../ui/vnode.js';
import { composeFrame, currentTheme } from './frame.js';
import { navKeyAt } from '../ui/system-ui.js';
import { typeIntoFocused, deleteFromFocused, submitFocused } from './typing.js';

/**
 * Touch and key dispatch, mirroring Android's rules closely enough for agents: topmost window
 * wins, the deepest enabled target under the finger gets the event, a long press on a view
 * without a long-click listener still clicks, small moves are taps, and Back closes IME → dialog
 * → screen in that order.
 */
const TOUCH_SLOP = 24; // px at 420 dpi (8 dp)
const LONG_PRESS_MS = 500;

type Target = { node: VNode; path: VNode[] };

function hit(root: VNode, x: number, y: number, want: (n: VNode) => boolean): Target | null {
  if (!contains(root.bounds, x, y)) return null;
  if (root.clip && !contains(root.clip, x, y)) return null;
  for (let i = root.children.length - 1; i >= 0; i--) {
    const r = hit(root.children[i]!, x, y, want);
    if (r) return { node: r.node, path: [root, ...r.path] };
  }
  return want(root) && root.enabled !== false ? { node: root, path: [root] } : null;
}

const tappable = (n: VNode) => !!(n.onTap || n.onSlide || n.inputId || (n.clickable && n.cls === 'android.widget.ImageButton'));

function activate(phone: PhoneModel, n: VNode, x: number): void {
  if (n.inputId) {
    phone.focus = { instance: phone.currentInstance().key, inputId: n.inputId };
    phone.imeVisible = true;
    return;
  }
  if (n.onSlide) {
    n.onSlide((x - n.bounds[0]) / Math.max(1, n.bounds[2] - n.bounds[0]));
    return;
  }
  n.onTap?.();
}

export function tap(phone: PhoneModel, x: number, y: number, long = false): void {
  const { navBarTop, statusBarH } = currentTheme(phone);
  if (y >= navBarTop) {
    const k = navKeyAt(x);
    key(phone, k === 'back' ? 4 : k === 'home' ? 3 : 187);
    return;
  }
  if (y < statusBarH) return; // the shade needs a swipe, a tap does nothing
  const f = composeFrame(phone);
  if (f.ime && contains(f.ime.bounds, x, y)) {
    const t = hit(f.ime, x, y, tappable);
    if (t) activate(phone, t.node, x);
    return;
  }
  if (f.dialog) {
    if (!contains(f.dialog.root.bounds, x, y)) {
      (f.dialog.view.onDismiss ?? f.dialog.view.negative?.onTap)?.();
      return;
    }
    const t = hit(f.dialog.root, x, y, tappable);
    if (t) activate(phone, t.node, x);
    return;
  }
  if (long) {
    const lt = hit(f.app, x, y, (n) => !!n.onLongPress);
    if (lt) {
      lt.node.onLongPress!();
      return;
    }
  }
  const t = hit(f.app, x, y, tappable);
  if (t) activate(phone, t.node, x);
}

export function swipe(phone: PhoneModel, x1: number, y1: number, x2: number, y2: number, durationMs: number): void {
  if (Math.hypot(x2 - x1, y2 - y1) < TOUCH_SLOP) {
    tap(phone, x1, y1, durationMs >= LONG_PRESS_MS);
    return;
  }
  const f = composeFrame(phone);
  const root = f.dialog?.root ?? f.app;
  const slider = hit(root, x1, y1, (n) => !!n.onSlide);
  if (slider && Math.abs(x2 - x1) > Math.abs(y2 - y1)) {
    slider.node.onSlide!((x2 - slider.node.bounds[0]) / Math.max(1, slider.node.bounds[2] - slider.node.bounds[0]));
    return;
  }
  const sc = hit(root, x1, y1, (n) => !!n.scroll && n.scroll.max > 0);
  if (sc && Math.abs(y2 - y1) >= Math.abs(x2 - x1)) {
    const s = sc.node.scroll!;
    // A fling (fast swipe) travels further than the finger, as on a real list.
    const fling = durationMs < 200 ? 2 : 1;
    const before = s.offset;
    s.set(s.offset + (y1 - y2) * fling);
    if (s.offset !== before) phone.currentInstance().scrollEpoch++;
  }
}

/** Android keycodes we act on (KeyEvent.java). Others are accepted and ignored, as an idle device would. */
export const KEYCODES: Record<string, number> = {
  HOME: 3,
  BACK: 4,
  CALL: 5,
  ENDCALL: 6,
  DPAD_UP: 19,
  DPAD_DOWN: 20,
  VOLUME_UP: 24,
  VOLUME_DOWN: 25,
  POWER: 26,
  SPACE: 62,
  ENTER: 66,
  DEL: 67,
  MENU: 82,
  APP_SWITCH: 187,
  TAB: 61,
  WAKEUP: 224,
  SLEEP: 223,
  MOVE_HOME: 122,
  MOVE_END: 123,
  ...Object.fromEntries([...'0123456789'].map((d, i) => [d, 7 + i])),
  ...Object.fromEntries([...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, 29 + i])),
  COMMA: 55,
  PERIOD: 56,
  MINUS: 69,
  EQUALS: 70,
  AT: 77,
  PLUS: 81,
  STAR: 17,
  POUND: 18,
};

const CHAR_FOR: Record<number, string> = { 62: ' ', 55: ',', 56: '.', 69: '-', 70: '=', 77: '@', 81: '+', 17: '*', 18: '#' };

export function key(phone: PhoneModel, code: number): void {
  switch (code) {
    case 3:
      phone.home();
      return;
    case 4: {
      if (phone.imeVisible && phone.focus) {
        phone.imeVisible = false;
        return;
      }
      const f = composeFrame(phone);
      if (f.dialog) {
        (f.dialog.view.onDismiss ?? f.dialog.view.negative?.onTap)?.();
        if (composeFrame(phone).dialog) return; // dialog without a dismiss path stays, like setCancelable(false)
        return;
      }
      phone.back();
      return;
    }
    case 187:
      phone.showRecents();
      return;
    case 66:
      submitFocused(phone);
      return;
    case 67:
      deleteFromFocused(phone);
      return;
    case 24:
    case 25: {
      const v = phone.settings.num('system', 'volume_music', 8) + (code === 24 ? 1 : -1);
      phone.settings.put('system', 'volume_music', String(Math.max(0, Math.min(15, v))));
      return;
    }
  }
  if (code >= 7 && code <= 16) typeIntoFocused(phone, String(code - 7));
  else if (code >= 29 && code <= 54) typeIntoFocused(phone, String.fromCharCode(97 + code - 29));
  else if (CHAR_FOR[code]) typeIntoFocused(phone, CHAR_FOR[code]);
}
