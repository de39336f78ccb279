/**
 * The names an app goes by, for an agent's LaunchApp: a model writes what it would say — the launcher's label (天气),
 * the app's name in English (Weather), what people call it (短信) — and the phone needs a package. A phone gives no
 * label for a package over ADB (`pm` lists packages, not labels), so the names come from two places, as other GUI-agent
 * harnesses keep them (a table of app names): the system apps every Android phone has, and the task set, which says what
 * each of its tasks' apps is called (`app`, `app_names`). A package name passes through.
 */

/** The system apps of every Android phone, by the names agents and scripts use for them. */
const SYSTEM_APPS: Record<string, string> = {
  settings: 'com.android.settings',
  设置: 'com.android.settings',
  phone: 'com.android.dialer',
  dialer: 'com.android.dialer',
  电话: 'com.android.dialer',
  拨号: 'com.android.dialer',
  messages: 'com.android.messaging',
  messaging: 'com.android.messaging',
  短信: 'com.android.messaging',
  信息: 'com.android.messaging',
  clock: 'com.android.deskclock',
  时钟: 'com.android.deskclock',
  闹钟: 'com.android.deskclock',
};

const PACKAGE = /^[A-Za-z][\w]*(\.[A-Za-z_][\w]*)+$/;

/** What a name is compared as: trimmed, case and inner spaces folded (天气 = 天气, Weather = weather, App Store = appstore). */
const fold = (name: string): string => name.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, '');

/** The apps a task set names: each task's app (its name, other names) and package. */
export interface NamedApp {
  app: string;
  package: string;
  app_names?: readonly string[] | undefined;
}

export class AppNames {
  private readonly byName = new Map<string, string>();

  /** Names the task set gives win over the system table; where two tasks give one name two packages, neither is taken. */
  constructor(apps: readonly NamedApp[] = []) {
    for (const [name, pkg] of Object.entries(SYSTEM_APPS)) this.byName.set(fold(name), pkg);
    const named = new Map<string, Set<string>>();
    for (const a of apps)
      for (const name of [a.app, ...(a.app_names ?? [])]) {
        const key = fold(name);
        if (key === '') continue;
        named.set(key, (named.get(key) ?? new Set()).add(a.package));
      }
    for (const [key, pkgs] of named) if (pkgs.size === 1) this.byName.set(key, [...pkgs][0]!);
  }

  /** The package a LaunchApp's app names: a package name itself, or a known name of one; null when none is known. */
  packageOf(app: string): string | null {
    const name = app.trim();
    if (PACKAGE.test(name)) return name;
    return this.byName.get(fold(name)) ?? null;
  }
}
