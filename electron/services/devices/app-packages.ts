/** Well-known app names agents and scripts use for LaunchApp, mapped to packages. */
const KNOWN_APPS: Record<string, string> = {
  settings: 'com.android.settings',
  设置: 'com.android.settings',
  phone: 'com.android.dialer',
  dialer: 'com.android.dialer',
  电话: 'com.android.dialer',
  messages: 'com.android.messaging',
  短信: 'com.android.messaging',
  信息: 'com.android.messaging',
  clock: 'com.android.deskclock',
  时钟: 'com.android.deskclock',
};

/** A package name passes through; a known app name maps to its package; otherwise null. */
export function resolvePackage(app: string): string | null {
  if (/^[A-Za-z][\w]*(\.[A-Za-z_][\w]*)+$/.test(app)) return app;
  return KNOWN_APPS[app.trim().toLowerCase()] ?? null;
}
