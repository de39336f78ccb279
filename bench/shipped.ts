import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A bench module as the app runs it: bundled by esbuild as the backend is (scripts/backend-build.js), not loaded
 * through tsx. tsx keeps function names by wrapping every function made at run time in a defineProperty call, which
 * the shipped bundle does not do; on the walk's many small closures that was ~40% of the time per step. The bundle is
 * written under dist/ so its npm packages resolve from the repository's node_modules.
 */
export async function importShipped<T>(entry: string): Promise<T> {
  const { build } = await import('esbuild');
  const outfile = join(ROOT, 'dist', '.bench', basename(entry).replace(/\.ts$/, '.mjs'));
  await build({
    absWorkingDir: ROOT,
    entryPoints: [join(ROOT, entry)],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return (await import(pathToFileURL(outfile).href)) as T;
}
