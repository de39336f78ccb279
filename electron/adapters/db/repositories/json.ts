/** JSON columns: written with stable key order as given, read back as the named type. */
export const toJson = (v: unknown): string => JSON.stringify(v);
export const fromJson = <T>(s: string): T => JSON.parse(s) as T;
export const nowIso = (): string => new Date().toISOString();
