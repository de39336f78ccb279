import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureBackendBuild } from '../../scripts/backend-build.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder for what the files of one run build once and copy (test/support/record-script.ts); removed after the run. */
    testRunCache: string;
  }
}

/**
 * Before any test file: the compiled backend is built if the sources changed since the last build, so every
 * test that starts `elderbench` runs the code under test, and the build happens once, not in each test's
 * process at the same time. Each project's run also gets a cache folder, removed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  await ensureBackendBuild({ quiet: true });
  const cache = mkdtempSync(join(tmpdir(), 'eb-test-run-'));
  project.provide('testRunCache', cache);
  return () => rmSync(cache, { recursive: true, force: true });
}
