// The compiled backend: the Node side (CLI, web server, backend services, virtual phone) bundled by esbuild into
// dist/backend/ as ES modules with source maps, so a start loads JavaScript instead of compiling TypeScript.
// Every npm package stays external (native modules must; the rest load from node_modules as they would anyway).
// Commands load on demand (electron/cli/main.ts), so the bundle is split into chunks.
//
// dist/backend/build-info.json records each source file the bundle was made from (size and mtime), so
// bin/elderbench.js can tell in a few milliseconds whether the sources changed since: a developer editing
// a file never runs old code by accident. The build is written to a scratch folder and each file moved
// into place (chunks first, the entry and build-info last), so a process starting meanwhile never reads a
// half-written file; chunks of older builds stay a while for processes still running them.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OUT_DIR = join(ROOT, 'dist', 'backend');
export const ENTRY_SOURCE = join(ROOT, 'electron', 'cli', 'main.ts');
export const ENTRY_BUILT = join(OUT_DIR, 'elderbench.js');
const INFO = join(OUT_DIR, 'build-info.json');
/** Besides the sources: a change to how the build is made makes it stale too. */
const BUILD_INPUTS = [fileURLToPath(import.meta.url), join(ROOT, 'package.json')];
/** Chunks no build references any more are removed once this old (a long run may still be using them). */
const OLD_CHUNK_MS = 24 * 3600_000;

/** What staleness is judged by: a source's size and mtime (ms). */
export function stamp(file) {
  const s = statSync(file);
  return `${s.size}:${Math.trunc(s.mtimeMs)}`;
}

/**
 * Why the build cannot be used as it is, or null when it is up to date. Without the sources (an installed
 * package, the packaged app) the build is all there is, so it is used.
 */
export function staleReason(stampOf = stamp) {
  if (!existsSync(ENTRY_SOURCE)) return null;
  if (!existsSync(ENTRY_BUILT) || !existsSync(INFO)) return 'no build yet';
  let info;
  try {
    info = JSON.parse(readFileSync(INFO, 'utf8'));
  } catch {
    return 'build-info.json is unreadable';
  }
  for (const [rel, was] of Object.entries(info.inputs ?? {})) {
    let now;
    try {
      now = stampOf(join(ROOT, rel));
    } catch {
      return `${rel} was removed`;
    }
    if (now !== was) return `${rel} changed`;
  }
  return null;
}

/** Bundles the backend into dist/backend/. Resolves with the build's duration in ms. */
export async function buildBackend() {
  const t0 = Date.now();
  const { build } = await import('esbuild');
  const scratch = join(ROOT, 'dist', `.backend-${process.pid}-${Date.now()}`);
  const result = await build({
    absWorkingDir: ROOT,
    // The phone worker is a bundle of its own: graph exploration starts it in worker threads.
    entryPoints: { elderbench: 'electron/cli/main.ts', 'phone-worker': 'electron/services/devices/phone-worker.ts' },
    outdir: scratch,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    // Stack traces map to the TypeScript files; their text is in the repository, not needed in the maps.
    sourcesContent: false,
    chunkNames: 'chunk-[hash]',
    metafile: true,
    logLevel: 'warning',
  });
  const inputs = {};
  for (const rel of Object.keys(result.metafile.inputs)) if (!rel.includes('node_modules')) inputs[rel] = stamp(join(ROOT, rel));
  for (const f of BUILD_INPUTS) inputs[relative(ROOT, f)] = stamp(f);

  mkdirSync(OUT_DIR, { recursive: true });
  const files = readdirSync(scratch);
  const last = (f) => f.startsWith('elderbench.js');
  for (const f of [...files.filter((f) => !last(f)), ...files.filter(last)]) renameSync(join(scratch, f), join(OUT_DIR, f));
  rmSync(scratch, { recursive: true, force: true });
  const info = join(OUT_DIR, `.build-info-${process.pid}.json`);
  writeFileSync(info, `${JSON.stringify({ builtAt: new Date().toISOString(), inputs }, null, 1)}\n`);
  renameSync(info, INFO);

  const now = Date.now();
  for (const f of readdirSync(OUT_DIR)) {
    if (files.includes(f) || f === 'build-info.json') continue;
    try {
      if (now - statSync(join(OUT_DIR, f)).mtimeMs > OLD_CHUNK_MS) rmSync(join(OUT_DIR, f), { force: true });
    } catch {
      // another build removed it first
    }
  }
  return now - t0;
}

/** Builds when the build is missing or stale; says why on stderr unless quiet. */
export async function ensureBackendBuild({ quiet = false } = {}) {
  const why = staleReason();
  if (why === null) return false;
  const ms = await buildBackend();
  if (!quiet) process.stderr.write(`elderbench: built the backend (${why}) in ${(ms / 1000).toFixed(1)} s\n`);
  return true;
}
