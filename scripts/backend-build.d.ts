// Types for scripts/backend-build.js (plain JavaScript: bin/elderbench.js loads it without a TypeScript loader).
export const ROOT: string;
export const OUT_DIR: string;
export const ENTRY_SOURCE: string;
export const ENTRY_BUILT: string;
/** A source's size and mtime, as the build records them. */
export function stamp(file: string): string;
/** Why the build is stale (naming the changed source), or null; `stampOf` stands in for `stamp` in tests. */
export function staleReason(stampOf?: (file: string) => string): string | null;
export function buildBackend(): Promise<number>;
export function ensureBackendBuild(options?: { quiet?: boolean }): Promise<boolean>;
