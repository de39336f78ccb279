/** JSON columns: written with stable key order as given, read back as the named type. */
export const toJson = (v: unknown): string => JSON.stringify(v);
export const fromJson = <T>(s: string): T => JSON.parse(s) as T;

/** A stored timings object: the durations it holds, in ms; anything not a number is dropped. */
export function parseTimings(v: unknown): Record<string, number> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return {};
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, number] => typeof e[1] === 'number'));
}
export const nowIso = (): string => new Date().toISOString();
