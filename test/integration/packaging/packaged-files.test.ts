import { readdirSync, readFileSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OUT_DIR } from '../../../scripts/backend-build.js';
import { REPO_ROOT } from '../../support/fixtures.js';

/**
 * electron-builder's `files` (electron-builder.yml) resolved against a built tree with electron-builder's own matcher,
 * so what the app ships is checked here and not first on a release machine: the builds and the launcher, never
 * the TypeScript sources, tests or scripts. The tree is this checkout's files plus the build outputs: the backend
 * bundle as built (the global setup builds it), the Electron shell's two bundles and a renderer build's files.
 */
// electron-builder's matcher and YAML reader, from its own package (installed with electron-builder, same version).
const builderRequire = createRequire(createRequire(import.meta.url).resolve('app-builder-lib/package.json'));
const { FileMatcher } = builderRequire('./out/fileMatcher.js') as {
  FileMatcher: new (
    from: string,
    to: string,
    expand: (s: string) => string,
    patterns: string[],
  ) => { createFilter(): (file: string, stat: Pick<Stats, 'isDirectory'>) => boolean };
};
const yaml = builderRequire('js-yaml') as { load(text: string): unknown };

const ROOT = REPO_ROOT.replace(/[\\/]$/, '');
const SKIP = new Set(['node_modules', '.git', 'dist', 'release', 'coverage', '.scratch', '.workspace']);

function walk(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name)) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else out.push(relative(ROOT, p).split(sep).join('/'));
  }
  return out;
}

/** The files of a clone after `npm run build`, relative to the project folder. */
function builtTree(): string[] {
  const backend = readdirSync(OUT_DIR).map((f) => `dist/backend/${f}`);
  const electron = [
    'dist/electron/main/main.cjs',
    'dist/electron/main/main.cjs.map',
    'dist/electron/preload/preload.cjs',
    'dist/electron/preload/preload.cjs.map',
  ];
  const renderer = ['dist/renderer/index.html', 'dist/renderer/assets/index-abc123.js', 'dist/renderer/assets/index-abc123.css'];
  return [...walk(ROOT), ...backend, ...electron, ...renderer];
}

/** What electron-builder would copy into the app: a file ships when it and every folder above it pass the filter. */
function shipped(patterns: string[], files: string[]): string[] {
  const filter = new FileMatcher(ROOT, '/app', (s) => s, [...patterns, '!**/node_modules/**']).createFilter();
  const dir = { isDirectory: () => true };
  const file = { isDirectory: () => false };
  return files.filter((f) => {
    const parts = f.split('/');
    for (let i = 1; i < parts.length; i++) if (!filter(join(ROOT, ...parts.slice(0, i)), dir)) return false;
    return filter(join(ROOT, ...parts), file);
  });
}

describe('what the packaged app ships (electron-builder files)', () => {
  const config = yaml.load(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as {
    files: string[];
    electronFuses: Record<string, boolean>;
  };
  const tree = builtTree();
  const ships = shipped(config.files, tree);

  it('ships the launcher, the backend bundle with its source maps, the shell, the renderer, the sample tasks and package.json', () => {
    for (const f of [
      'package.json',
      'bin/elderbench.js',
      'dist/backend/elderbench.js',
      'dist/backend/elderbench.js.map',
      'dist/electron/main/main.cjs',
      'dist/electron/preload/preload.cjs',
      'dist/renderer/index.html',
      'tasks/sample/tasks.json',
      'tasks/examples/starter.json',
    ]) {
      expect(ships, f).toContain(f);
    }
    // Every chunk of the backend, or a command would fail to load in the app.
    for (const f of tree.filter((x) => x.startsWith('dist/backend/') && x.endsWith('.js'))) expect(ships, f).toContain(f);
  });

  it('ships no TypeScript source, test, script, doc or benchmark', () => {
    const wrong = ships.filter(
      (f) =>
        /\.(ts|tsx|mts|cts)$/.test(f) ||
        /\.test\./.test(f) ||
        /^(electron|shared|renderer|test|scripts|docs|bench)\//.test(f) ||
        f.endsWith('.mjs') ||
        f === 'dist/backend/build-info.json',
    );
    expect(wrong).toEqual([]);
    // The launcher needs scripts/ only in a checkout (to rebuild from the sources, which do not ship).
    expect(readFileSync(join(ROOT, 'bin', 'elderbench.js'), 'utf8')).toMatch(/if \(existsSync\(new URL\('\.\.\/electron\/cli\/main\.ts'/);
  });

  it('the check can fail: a pattern that ships the sources is caught', () => {
    const leaky = shipped([...config.files, 'electron/**'], tree);
    expect(leaky.some((f) => f.startsWith('electron/') && f.endsWith('.ts'))).toBe(true);
  });

  it('turns the runAsNode fuse off (the backend runs in a utility process)', () => {
    expect(config.electronFuses.runAsNode).toBe(false);
    expect(readFileSync(join(ROOT, 'electron', 'main', 'main.ts'), 'utf8')).toMatch(/utilityProcess\.fork\(/);
  });
});
