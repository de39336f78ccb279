import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTRY_BUILT, ROOT, ensureBackendBuild, stamp, staleReason } from './backend-build.js';

/**
 * The stale-build check bin/elderbench.js runs at each start: an edited source makes the build stale (so the edit
 * is never run as its old build), and the build records every source it was made from.
 */
describe('the compiled backend is rebuilt when a source changed', () => {
  it('is up to date after a build, and stale (naming the file) once a source it was made from changes', async () => {
    await ensureBackendBuild({ quiet: true });
    expect(staleReason()).toBeNull();
    // A source deep in the tree, loaded only by some commands, seen with a newer mtime: the build is stale. Seen, not
    // touched: CLI tests run beside this one, and one starting in that window would rebuild from the touched tree.
    const walk = join(ROOT, 'electron', 'core', 'graph', 'walk.ts');
    const touched = (file: string): string =>
      file === walk ? `${statSync(file).size}:${Math.trunc(statSync(file).mtimeMs) + 5000}` : stamp(file);
    expect(staleReason(touched)).toBe('electron/core/graph/walk.ts changed');
    expect(staleReason()).toBeNull();
    expect(statSync(ENTRY_BUILT).isFile()).toBe(true);
  }, 120_000);

  it('a file whose mtime or size changes gets a new stamp', () => {
    const dir = mkdtempSync(join(tmpdir(), 'eb-stamp-'));
    try {
      const file = join(dir, 'source.ts');
      writeFileSync(file, 'export const a = 1;\n');
      const first = stamp(file);
      const s = statSync(file);
      utimesSync(file, s.atime, new Date(s.mtimeMs + 5000));
      expect(stamp(file)).not.toBe(first);
      const second = stamp(file);
      writeFileSync(file, 'export const a = 12;\n');
      utimesSync(file, s.atime, new Date(s.mtimeMs + 5000));
      expect(stamp(file)).not.toBe(second);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
