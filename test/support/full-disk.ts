import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './fixtures.js';

/**
 * A small disk of its own for a test: a tmpfs mounted in a private mount namespace (`unshare -m`
 * as root, `unshare -rm` — a user namespace — otherwise), so nothing outside the test sees it
 * and it vanishes with the script. Linux only; `available()` says whether this machine allows it.
 */
export interface DiskStep {
  /** Shell words; `EB` stands for the elderbench binary (node bin/elderbench.js). */
  argv: string[];
}

export interface DiskStepResult {
  code: number;
  stdout: string;
  stderr: string;
}

const unshareArgs = (): string[] => (process.getuid?.() === 0 ? ['-m'] : ['-r', '-m']);

export function tmpfsAvailable(): boolean {
  if (process.platform !== 'linux') return false;
  const r = spawnSync('unshare', [...unshareArgs(), 'sh', '-c', 'd=$(mktemp -d) && mount -t tmpfs -o size=1m tmpfs "$d"'], {
    encoding: 'utf8',
  });
  return r.status === 0;
}

const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Runs `steps` one after another on a fresh tmpfs of `sizeMiB` mounted at `mount` (created if
 * needed), then returns each step's exit code and output. `{DISK}` in an argument is the mount point.
 */
export function onSmallDisk(
  work: string,
  mount: string,
  sizeMiB: number,
  steps: string[][],
  env: Record<string, string> = {},
): DiskStepResult[] {
  mkdirSync(mount, { recursive: true });
  const out = join(work, 'steps');
  mkdirSync(out, { recursive: true });
  const bin = `${quote(process.execPath)} ${quote(join(REPO_ROOT, 'bin', 'elderbench.js'))}`;
  const lines = [`mount -t tmpfs -o size=${sizeMiB}m tmpfs ${quote(mount)} || exit 99`];
  steps.forEach((argv, i) => {
    const cmd = argv.map((a) => (a === 'EB' ? bin : quote(a.replaceAll('{DISK}', mount)))).join(' ');
    lines.push(`${cmd} >${quote(join(out, `${i}.out`))} 2>${quote(join(out, `${i}.err`))}; echo $? >${quote(join(out, `${i}.code`))}`);
  });
  const script = join(work, 'steps.sh');
  writeFileSync(script, `${lines.join('\n')}\n`);
  const r = spawnSync('unshare', [...unshareArgs(), 'sh', script], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 170_000 });
  if (r.status === 99) throw new Error(`could not mount a tmpfs: ${r.stderr}`);
  return steps.map((_, i) => ({
    code: Number(readFileSync(join(out, `${i}.code`), 'utf8')),
    stdout: readFileSync(join(out, `${i}.out`), 'utf8'),
    stderr: readFileSync(join(out, `${i}.err`), 'utf8'),
  }));
}
