import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/**
 * A package loaded on first use instead of at start. sharp, adbkit, compromise and jieba each take from a tenth
 * of a second to seconds to load; a command that never touches them (`tasks list`, `--version`) should not pay
 * for them. The type comes from a type-only import at the call site, so the package stays fully typed.
 */
export function lazyRequire<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireHere(id) as T);
}
