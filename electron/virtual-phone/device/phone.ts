import type { AppDefinition, AppContext, SystemApi, Locale } from '../apps/types.js';
import { VirtualClock } from './clock.js';
import { VirtualFs } from './fs.js';
import { SettingsStore } from './settings.js';
import { seeded, hashString } from './random.js';

/**
 * One phone's model: apps and their persistent state, tasks with back stacks, focus/IME, toast,
 * clock and battery. Rendering (frame.ts), input (input.ts) and shell commands (commands/) are
 * separate modules that read and drive this object.
 */
export interface ScreenInstance {
  key: number;
  screenId: string;
  params: Record<string, string>;
  local: Record<string, unknown>;
  scroll: number;
  scrollEpoch: number;
  /** The field that had the focus when another page covered this one: it has it again when this page is back on top. */
  focusedInput?: string;
}

export interface Task {
  pkg: string;
  stack: ScreenInstance[];
}

export const LAUNCHER_PKG = 'com.android.launcher3';

/**
 * Everything an input can change, kept whole so a phone can be put back exactly where it was (as an
 * emulator snapshot does): app states, settings, tasks with their pages, focus, keyboard, toast, clock.
 * Files on the phone's storage are not kept: no app keeps its state there.
 */
export interface PhoneSnapshot {
  states: Map<string, unknown>;
  settings: ReturnType<SettingsStore['toJSON']>;
  blockedNumbers: string[];
  tasks: Map<string, Task>;
  recents: string[];
  foreground: string;
  focus: { instance: number; inputId: string } | null;
  ime: { visible: boolean; shift: boolean; symbols: boolean };
  toast: { text: string; until: number } | null;
  nextKey: number;
  clock: ReturnType<VirtualClock['save']>;
  batteryOverride: number | null;
}

export class PhoneModel {
  readonly clock = new VirtualClock();
  readonly fs: VirtualFs;
  readonly settings: SettingsStore;
  readonly apps = new Map<string, AppDefinition<unknown>>();
  readonly states = new Map<string, unknown>();
  blockedNumbers: string[] = [];
  tasks = new Map<string, Task>();
  /** Most recent first; what Recents shows. Excludes the launcher. */
  recents: string[] = [];
  foreground = LAUNCHER_PKG;
  focus: { instance: number; inputId: string } | null = null;
  imeVisible = false;
  imeShift = false;
  imeSymbols = false;
  toast: { text: string; until: number } | null = null;
  private nextKey = 1;
  private readonly bootedAt: number;
  readonly batteryStart: number;
  batteryOverride: number | null = null;
  /** Says it is an emulator (ro.kernel.qemu / ro.boot.qemu), as it is; false poses as a physical phone for tests of what apps do only there. */
  reportsEmulator = true;

  readonly sys: SystemApi;

  constructor(
    readonly locale: Locale,
    readonly seed: number,
    readonly serial: string,
    apps: AppDefinition<unknown>[],
    frozenClockMs?: number,
  ) {
    if (frozenClockMs !== undefined) this.clock.freeze(frozenClockMs);
    this.fs = new VirtualFs(() => this.clock.now());
    this.settings = new SettingsStore(locale);
    this.sys = {
      locale,
      seed,
      settings: this.settings,
      blockedNumbers: this.blockedNumbers,
      now: () => this.clock.now(),
      timeZone: '',
      battery: () => this.battery(),
      rand: (label) => seeded(seed ^ hashString(serial), label),
      appState: <T>(pkg: string) => this.states.get(pkg) as T,
      installedApps: () => [...this.apps.values()],
      recents: () => [...this.recents],
      clearRecents: () => {
        for (const p of this.recents) this.tasks.delete(p);
        this.recents = [];
        this.home();
      },
    };
    for (const a of apps) this.apps.set(a.package, a);
    this.bootedAt = this.clock.now();
    this.batteryStart = 55 + Math.floor(seeded(this.seed, `${serial}:battery`) * 40);
    this.resetAll();
  }

  get timeZone(): string {
    return this.locale === 'zh' ? 'Asia/Shanghai' : 'America/Los_Angeles';
  }

  /** Drains 1% per 10 minutes of phone time since boot; `cmd vphone battery N` pins it. */
  battery(): number {
    if (this.batteryOverride !== null) return this.batteryOverride;
    const drained = Math.floor(Math.max(0, this.clock.now() - this.bootedAt) / 600_000);
    return Math.max(5, this.batteryStart - drained);
  }

  private refreshSys(): void {
    Object.assign(this.sys, { blockedNumbers: this.blockedNumbers, timeZone: this.timeZone });
  }

  resetAll(): void {
    this.settings.reset();
    this.blockedNumbers.length = 0;
    this.refreshSys();
    for (const a of this.apps.values()) this.states.set(a.package, a.initialState(this.sys));
    this.tasks.clear();
    this.recents = [];
    this.foreground = LAUNCHER_PKG;
    this.focus = null;
    this.imeVisible = false;
    this.toast = null;
    this.ensureTask(LAUNCHER_PKG);
  }

  resetApp(pkg: string): boolean {
    const a = this.apps.get(pkg);
    if (!a) return false;
    this.forceStop(pkg);
    if (pkg === 'com.android.settings') this.settings.reset();
    this.states.set(pkg, a.initialState(this.sys));
    return true;
  }

  private instance(screenId: string, params: Record<string, string> = {}): ScreenInstance {
    return { key: this.nextKey++, screenId, params, local: {}, scroll: 0, scrollEpoch: 0 };
  }

  private ensureTask(pkg: string): Task {
    let t = this.tasks.get(pkg);
    if (!t) {
      const app = this.apps.get(pkg)!;
      t = { pkg, stack: [this.instance(app.home)] };
      this.tasks.set(pkg, t);
    }
    return t;
  }

  currentTask(): Task {
    return this.ensureTask(this.foreground);
  }

  currentInstance(): ScreenInstance {
    const t = this.currentTask();
    return t.stack[t.stack.length - 1]!;
  }

  currentScreenId(): string {
    return this.currentInstance().screenId;
  }

  currentActivity(): string {
    const app = this.apps.get(this.foreground)!;
    return app.screens[this.currentScreenId()]?.activity ?? `${app.package}.MainActivity`;
  }

  /**
   * The page on top changed. As on a real phone, the page left keeps its focused field (Android restores a window's
   * focused view when its activity resumes: after Back from a page it opened, or the app brought back from Home), while
   * the keyboard goes down; a page made anew (another tab's, a fresh launch) has no field focused.
   */
  private changedScreen(): void {
    const left = this.focus === null ? undefined : this.instanceByKey(this.focus.instance);
    if (left && this.focus) left.focusedInput = this.focus.inputId;
    const top = this.currentInstance();
    this.focus = top.focusedInput === undefined ? null : { instance: top.key, inputId: top.focusedInput };
    this.imeVisible = false;
  }

  private instanceByKey(key: number): ScreenInstance | undefined {
    for (const t of this.tasks.values()) for (const inst of t.stack) if (inst.key === key) return inst;
    return undefined;
  }

  /** Bring an app to front; with a screen id, open that screen on top of its stack (like an explicit intent). */
  launch(pkg: string, screenId?: string, params?: Record<string, string>): boolean {
    const app = this.apps.get(pkg);
    if (!app) return false;
    const task = this.ensureTask(pkg);
    if (screenId && screenId !== app.home) {
      task.stack = [task.stack[0]!, this.instance(screenId, params)];
    } else if (screenId === app.home && pkg !== LAUNCHER_PKG) {
      // A launcher-style start of a running app resumes it where it was, like a real task.
    }
    if (pkg === LAUNCHER_PKG && !screenId) task.stack = [task.stack[0]!];
    this.foreground = pkg;
    if (pkg !== LAUNCHER_PKG) this.recents = [pkg, ...this.recents.filter((p) => p !== pkg)];
    this.changedScreen();
    return true;
  }

  push(screenId: string, params?: Record<string, string>): void {
    const task = this.currentTask();
    const app = this.apps.get(task.pkg)!;
    if (!app.screens[screenId]) throw new Error(`unknown screen ${screenId} in ${task.pkg}`);
    task.stack.push(this.instance(screenId, params));
    this.changedScreen();
  }

  replaceTop(screenId: string, params?: Record<string, string>): void {
    const task = this.currentTask();
    task.stack[task.stack.length - 1] = this.instance(screenId, params);
    this.changedScreen();
  }

  /** Back: pop the stack; at the root, return to the launcher keeping the task (Android 12+ behaviour). */
  back(): void {
    const task = this.currentTask();
    if (task.stack.length > 1) {
      task.stack.pop();
      this.changedScreen();
      return;
    }
    if (this.foreground !== LAUNCHER_PKG) this.home();
  }

  home(): void {
    this.foreground = LAUNCHER_PKG;
    const t = this.ensureTask(LAUNCHER_PKG);
    t.stack = [t.stack[0]!];
    this.changedScreen();
  }

  showRecents(): void {
    this.home();
    this.push('launcher.recents');
  }

  forceStop(pkg: string): void {
    if (pkg === LAUNCHER_PKG) return;
    this.tasks.delete(pkg);
    this.recents = this.recents.filter((p) => p !== pkg);
    if (this.foreground === pkg) this.home();
  }

  showToast(text: string): void {
    this.toast = { text, until: this.clock.now() + 2500 };
  }

  activeToast(): string | null {
    if (this.toast && this.clock.now() < this.toast.until) return this.toast.text;
    this.toast = null;
    return null;
  }

  contextFor(pkg: string, inst: ScreenInstance): AppContext<unknown> {
    return {
      state: this.states.get(pkg),
      sys: this.sys,
      locale: this.locale,
      params: inst.params,
      local: inst.local,
      scrollEpoch: inst.scrollEpoch,
      t: (en, zh) => (this.locale === 'zh' ? zh : en),
      go: (id, params) => this.push(id, params),
      replace: (id, params) => this.replaceTop(id, params),
      back: () => this.back(),
      home: () => this.home(),
      toast: (text) => this.showToast(text),
      openApp: (p, id, params) => void this.launch(p, id, params),
    };
  }

  /** A deep copy of the phone's state (see PhoneSnapshot); restoring it later gives the same phone back. */
  snapshot(): PhoneSnapshot {
    return structuredClone({
      states: this.states,
      settings: this.settings.toJSON(),
      blockedNumbers: this.blockedNumbers,
      tasks: this.tasks,
      recents: this.recents,
      foreground: this.foreground,
      focus: this.focus,
      ime: { visible: this.imeVisible, shift: this.imeShift, symbols: this.imeSymbols },
      toast: this.toast,
      nextKey: this.nextKey,
      clock: this.clock.save(),
      batteryOverride: this.batteryOverride,
    });
  }

  /** Puts a snapshot back; the snapshot stays usable (it is copied again). */
  restore(saved: PhoneSnapshot): void {
    const s = structuredClone(saved);
    this.states.clear();
    for (const [k, v] of s.states) this.states.set(k, v);
    this.settings.restore(s.settings);
    // Apps hold the blocked list by reference (sys.blockedNumbers): refill it in place.
    this.blockedNumbers.splice(0, this.blockedNumbers.length, ...s.blockedNumbers);
    this.tasks = s.tasks;
    this.recents = s.recents;
    this.foreground = s.foreground;
    this.focus = s.focus;
    this.imeVisible = s.ime.visible;
    this.imeShift = s.ime.shift;
    this.imeSymbols = s.ime.symbols;
    this.toast = s.toast;
    this.nextKey = s.nextKey;
    this.clock.restore(s.clock);
    this.batteryOverride = s.batteryOverride;
  }

  /** Ground truth for tests: screen id, foreground component and every app's state. */
  stateJson(pkg?: string): unknown {
    const exportOf = (p: string) => {
      const app = this.apps.get(p)!;
      const s = this.states.get(p);
      return app.exportState ? app.exportState(s, this.sys) : s;
    };
    if (pkg) return this.apps.has(pkg) ? exportOf(pkg) : undefined;
    return {
      serial: this.serial,
      screen: this.currentScreenId(),
      package: this.foreground,
      activity: this.currentActivity(),
      focusedInput: this.focus?.inputId ?? null,
      keyboardVisible: this.imeVisible,
      toast: this.activeToast(),
      time: this.clock.now(),
      clockFrozen: this.clock.isFrozen(),
      battery: this.battery(),
      backStack: this.currentTask().stack.map((s) => s.screenId),
      recents: this.recents,
      blockedNumbers: this.blockedNumbers,
      settings: this.settings.toJSON(),
      apps: Object.fromEntries([...this.apps.keys()].map((p) => [p, exportOf(p)])),
    };
  }
}
