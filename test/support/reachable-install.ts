import {
  chmodSync,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, parse } from 'node:path';
import { OUT_DIR } from '../../scripts/backend-build.js';
import { REPO_ROOT } from './fixtures.js';

/** Whether user `uid` (group `gid`) may pass through every folder above and including `dir`. */
export function canReach(dir: string, uid: number, gid: number): boolean {
  for (let d = dir; ; d = dirname(d)) {
    const s = statSync(d);
    const bit = s.uid === uid ? 0o100 : s.gid === gid ? 0o010 : 0o001;
    if ((s.mode & bit) === 0) return false;
    if (d === parse(d).root) return true;
  }
}

/** Hard-links a file where possible (same file system, no bytes copied), else copies it; folders are made 0755. */
function place(from: string, to: string): void {
  const s = lstatSync(from);
  if (s.isDirectory()) {
    mkdirSync(to, { recursive: true, mode: 0o755 });
    for (const e of readdirSync(from)) place(join(from, e), join(to, e));
  } else if (s.isSymbolicLink()) {
    symlinkSync(readlinkSync(from), to);
  } else {
    mkdirSync(dirname(to), { recursive: true, mode: 0o755 });
    try {
      linkSync(from, to);
    } catch {
      copyFileSync(from, to);
    }
  }
}

/**
 * A runnable install of the CLI that another user can reach, for tests that start it as someone else (`nobody`):
 * a clone may live under a private folder (a 0700 home, a `mktemp -d`) that user cannot enter, and then the CLI
 * could not even load its modules. Where the checkout is reachable it is used as it is; otherwise the launcher,
 * the built backend, package.json and the production packages (per package-lock.json) are hard-linked (or
 * copied) into a fresh world-readable folder under the system temp folder, which the caller removes (`temporary`).
 */
export function reachableInstall(uid: number, gid: number): { root: string; temporary: boolean } {
  const root = REPO_ROOT.replace(/[\\/]$/, '');
  if (canReach(root, uid, gid)) return { root, temporary: false };
  const into = mkdtempSync(join(tmpdir(), 'eb-install-'));
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
  };
  const production = Object.entries(lock.packages)
    .filter(([path, p]) => path.startsWith('node_modules/') && !p.dev && !p.devOptional)
    .map(([path]) => path)
    .filter((path) => existsSync(join(root, path)));
  // A package's own node_modules comes along with it.
  const top = production.filter((path) => !production.some((other) => path.startsWith(`${other}/`)));
  for (const rel of ['package.json', 'bin/elderbench.js', ...top]) place(join(root, rel), join(into, rel));
  place(OUT_DIR, join(into, 'dist', 'backend'));
  // mkdtemp makes the folder 0700; the other user needs to enter it (and /tmp itself is 1777).
  chmodSync(into, 0o755);
  return { root: into, temporary: true };
}
