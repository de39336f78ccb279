// Types for scripts/backend-build.js (plain JavaScript: bin/elderbench.js loads it without a TypeScript loader).
export const ROOT: string;
export const OUT_DIR: string;
export const ENTRY_SOURCE: string;
export const ENTRY_BUILT: string;
export function staleReason(): string | null;
export function buildBackend(): Promise<number>;
export function ensureBackendBuild(options?: { quiet?: boolean }): Promise<boolean>;
