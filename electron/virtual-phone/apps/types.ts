import type { ScreenView } from '../ui/widgets.js';
import type { SettingsStore } from '../device/settings.js';

/**
 * The contract for an app on the virtual phone. An app is data (package, labels, icon, screens)
 * plus small handlers (closures inside `render`). Adding one = a folder under apps/ and one line in
 * apps/registry.ts; see docs/virtual-phone.md.
 */
export type Locale = 'en' | 'zh';

export interface SystemApi {
  readonly locale: Locale;
  readonly seed: number;
  readonly settings: SettingsStore;
  /** Phone-wide blocked numbers (BlockedNumberProvider): shared by Phone and Messages. */
  readonly blockedNumbers: string[];
  now(): number;
  timeZone: string;
  battery(): number;
  /** Deterministic value in [0,1) for a label, e.g. `rand('headline:' + minute)`. */
  rand(label: string): number;
  /** Every app installed on this phone, in home-screen order. */
  installedApps(): AppDefinition<unknown>[];
  /** Packages in Recents, most recent first (for the launcher's overview). */
  recents(): string[];
  clearRecents(): void;
  /** Another app's state (read or update), e.g. Messages reading contacts. */
  appState<T>(pkg: string): T;
}

export interface AppContext<S> {
  readonly state: S;
  readonly sys: SystemApi;
  readonly locale: Locale;
  /** Parameters this screen instance was opened with (`go('x', {id: '3'})`). */
  readonly params: Readonly<Record<string, string>>;
  /** Per-screen-instance UI state: drafts, which dialog is open, selected tab. Dropped on Back. */
  readonly local: Record<string, unknown>;
  /** How many times this screen has been scrolled — for feeds that reorder on scroll. */
  readonly scrollEpoch: number;
  t(en: string, zh: string): string;
  go(screenId: string, params?: Record<string, string>): void;
  replace(screenId: string, params?: Record<string, string>): void;
  back(): void;
  /** Leaves the app (task stays in Recents), like pressing Home. */
  home(): void;
  toast(text: string): void;
  openApp(pkg: string, screenId?: string, params?: Record<string, string>): void;
}

export interface ScreenDef<S> {
  /** Stable id, `<app>.<page>`, reported by `cmd vphone screen` and used by ground-truth checks. */
  id: string;
  /** Activity class as `dumpsys` reports it (full name). */
  activity: string;
  render(ctx: AppContext<S>): ScreenView;
}

export interface AppDefinition<S = unknown> {
  package: string;
  label: { en: string; zh: string };
  icon: { glyph: string; color: string };
  versionName: string;
  versionCode: number;
  /** Screen shown on launch. */
  home: string;
  screens: Record<string, ScreenDef<S>>;
  /** Fresh state (also what `pm clear` / `cmd vphone reset` restore). Must be JSON-serialisable. */
  initialState(sys: SystemApi): S;
  /** Launcher badge count. */
  badge?(state: S, sys: SystemApi): number;
  /** Shown in the launcher grid (false for the launcher itself). */
  showInLauncher?: boolean;
  /** Extra activity names `am start -n` accepts, mapped to screen ids. */
  activityAliases?: Record<string, string>;
  /** Optional friendlier JSON for `cmd vphone state <pkg>` (default: the state itself). */
  exportState?(state: S, sys: SystemApi): unknown;
  /**
   * State keys that only log what was looked at (a viewed order, the last opened place) and change no
   * screen: left out of the page's true state (`cmd vphone window --content`).
   */
  viewLog?: readonly (keyof S & string)[];
  /** Packages this app has installed on the phone (an app store's downloads): listed by `pm list packages`. */
  installedPackages?(state: S): string[];
}

export function defineApp<S>(def: AppDefinition<S>): AppDefinition<S> {
  return def;
}
