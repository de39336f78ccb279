import { statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTRY_BUILT, ROOT, ensureBackendBuild, staleReason } from './backend-build.js';

/**
 * The stale-build check bin/elderbench.js runs at each start: an edited source makes the build stale (so the edit
 * is never run as its old build), and the build records every source it was made from.
 */
describe('the compiled backend is rebuilt when a source changed', () => {
  it('is up to date after a build, and stale (naming the file) once a source it was made from changes', async () => {
    await ensureBackendBuild({ quiet: true });
    expect(staleReason()).toBeNull();
    // A source deep in the tree, loaded only by some commands: touched, the build is stale.
    const file = join(ROOT, 'electron', 'core', 'graph', 'walk.ts');
    const before = statSync(file);
    try {
      utimesSync(file, before.atime, new Date(before.mtimeMs + 5000));
      expect(staleReason()).toBe('electron/core/graph/walk.ts changed');
    } finally {
      // Back to its own time: the build is current again without rebuilding (other tests run the CLI meanwhile).
      utimesSync(file, before.atime, before.mtime);
    }
    expect(staleReason()).toBeNull();
    expect(statSync(ENTRY_BUILT).isFile()).toBe(true);
  }, 120_000);
});
