import type { PhoneModel } from './phone.js';
import type { VNode } from '../ui/vnode.js';
import type { DialogView } from '../ui/widgets.js';
import { makeTheme } from '../ui/theme.js';
import type { Theme } from '../ui/theme.js';
import { layoutAppWindow, layoutDialog } from '../ui/layout-screen.js';
import { statusBar, navBar, keyboard, toast, scrim } from '../ui/system-ui.js';
import { applyHighContrastText } from '../ui/contrast.js';
import { formatClock } from './clock.js';
import { ADB_IME } from './settings.js';
import { typeIntoFocused, deleteFromFocused, submitFocused } from './typing.js';

/**
 * One snapshot of what's on screen: the windows bottom-to-top (drawn into the PNG) and the active
 * window (what `uiautomator dump` reports). Built fresh from the model for every capture and every
 * input event, so the picture, the XML and hit-testing can never disagree.
 */
export interface Frame {
  windows: VNode[];
  /** Active window root: the dialog when one is open, else the app window. */
  active: VNode;
  app: VNode;
  dialog: { root: VNode; view: DialogView } | null;
  ime: VNode | null;
  nav: VNode;
  theme: Theme;
}

/** The theme the settings ask for: dark theme, font scale, display size (forced density), high-contrast text. */
export function currentTheme(phone: PhoneModel): Theme {
  const s = phone.settings;
  const forced = s.get('secure', 'display_density_forced');
  return makeTheme({
    dark: s.get('secure', 'ui_night_mode') === '2',
    fontScale: s.num('system', 'font_scale', 1),
    densityDpi: forced ? Number(forced) : null,
    highContrastText: s.get('secure', 'high_text_contrast_enabled') === '1',
  });
}

/** The title of the dialog over the current page, or null: the page rendered, not laid out (cheaper than a frame). */
export function currentDialogTitle(phone: PhoneModel): string | null {
  const inst = phone.currentInstance();
  const screen = phone.apps.get(phone.foreground)!.screens[inst.screenId];
  return screen?.render(phone.contextFor(phone.foreground, inst)).dialog?.title ?? null;
}

export function composeFrame(phone: PhoneModel): Frame {
  const theme = currentTheme(phone);
  const pkg = phone.foreground;
  const app = phone.apps.get(pkg)!;
  const inst = phone.currentInstance();
  const screen = app.screens[inst.screenId];
  if (!screen) throw new Error(`screen ${inst.screenId} missing from ${pkg}`);
  const ctx = phone.contextFor(pkg, inst);
  const view = screen.render(ctx);
  const focusedHere = phone.focus && phone.focus.instance === inst.key ? phone.focus.inputId : null;
  const adbIme = phone.settings.get('secure', 'default_input_method') === ADB_IME;
  const imeShown = !!focusedHere && phone.imeVisible;
  const bottom = imeShown ? theme.navBarTop - theme.imeH(adbIme) : theme.navBarTop;
  const env = { pkg, theme, focusedInput: focusedHere };
  const tr = (en: string, zh: string) => (phone.locale === 'zh' ? zh : en);
  const appWin = layoutAppWindow(view, {
    env,
    bottom,
    scroll: { offset: inst.scroll, set: (v) => (inst.scroll = v) },
    strings: { navigateUp: tr('Navigate up', '转到上一层级') },
    onUp: () => phone.back(),
  });
  const windows: VNode[] = [appWin];
  let dialog: Frame['dialog'] = null;
  if (view.dialog) {
    const root = layoutDialog(view.dialog, { pkg, theme, focusedInput: focusedHere });
    windows.push(scrim(theme.palette.scrim), root);
    dialog = { root, view: view.dialog };
  }
  let ime: VNode | null = null;
  if (imeShown) {
    ime = keyboard(theme, {
      adb: adbIme,
      shifted: phone.imeShift,
      symbols: phone.imeSymbols,
      adbLabel: 'ADB Keyboard {ON}',
      onKey: (k) => {
        if (k === '⌫') deleteFromFocused(phone);
        else if (k === '⏎') submitFocused(phone);
        else if (k === '⇧') phone.imeShift = !phone.imeShift;
        else if (k === '?123' || k === 'ABC') phone.imeSymbols = !phone.imeSymbols;
        else {
          typeIntoFocused(phone, phone.imeShift ? k.toUpperCase() : k);
          phone.imeShift = false;
        }
      },
    });
    windows.push(ime);
  }
  windows.push(
    statusBar(theme, {
      time: formatClock(phone.clock.now(), phone.timeZone),
      battery: phone.battery(),
      wifi: phone.settings.get('global', 'wifi_on') === '1',
      bluetooth: phone.settings.get('global', 'bluetooth_on') === '1',
      airplane: phone.settings.get('global', 'airplane_mode_on') === '1',
    }),
  );
  const nav = navBar(theme, { back: tr('Back', '返回'), home: tr('Home', '主屏幕'), recents: tr('Overview', '概览') });
  windows.push(nav);
  const t = phone.activeToast();
  if (t) windows.push(toast(theme, t, bottom));
  if (theme.highContrastText) applyHighContrastText(windows);
  return { windows, active: dialog?.root ?? appWin, app: appWin, dialog, ime, nav, theme };
}
