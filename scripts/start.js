// `npm start`: the desktop window where an Electron runtime and a display exist;
// otherwise the same UI in web mode, saying plainly why.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', cwd: root }).status === 0;

function electronBinary() {
  let pkgDir;
  try {
    pkgDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return { bin: null, why: 'the electron package is not installed' };
  }
  const pathFile = join(pkgDir, 'path.txt');
  if (!existsSync(pathFile)) {
    // npm skipped the binary download (its install script is denied by allowScripts); try Electron's own installer once.
    console.error("Electron's binary is not downloaded yet; trying its installer…");
    const ok = spawnSync(process.execPath, [join(pkgDir, 'install.js')], { stdio: 'inherit' }).status === 0;
    if (!ok || !existsSync(pathFile))
      return { bin: null, why: 'the Electron binary could not be downloaded (no network access to its release host?)' };
  }
  const bin = join(pkgDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(bin) ? { bin, why: null } : { bin: null, why: `the Electron binary is missing at ${bin}` };
}

if (!existsSync(join(root, 'dist', 'renderer', 'index.html')) || process.env.ELDERBENCH_REBUILD === '1') {
  if (!run('npx', ['vite', 'build', '--config', 'vite.renderer.config.ts', '--logLevel', 'warn'])) process.exit(1);
}

const headless = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
const { bin, why } = headless ? { bin: null, why: 'there is no display (DISPLAY is not set)' } : electronBinary();

if (bin) {
  if (!run('node', ['scripts/build-electron.js'])) process.exit(1);
  const child = spawn(bin, [join(root, 'dist', 'electron', 'main', 'main.cjs')], { stdio: 'inherit', cwd: root });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.error(`No desktop window: ${why}. Serving the same app in web mode instead.`);
  const child = spawn(process.execPath, [join(root, 'bin', 'elderbench.js'), 'serve', ...process.argv.slice(2)], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
}
