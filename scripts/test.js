// `npm test`: everything — the builds, the static checks (type-check both projects, lint, formatting), and every
// vitest project (unit, renderer, integration, e2e) — ending with one plain `N passed, N failed` line (each build and
// static check counts as one test).
// `npm run test:fast` (`--fast`): the static checks and the unit + renderer projects only: no browser, no virtual
// phone pipeline, no renderer build. What to run before each commit.
//
// The static checks run two at a time alongside vitest, at a lower CPU priority so the tests (which wait on
// processes and phones) keep their pace; their output is printed as each one ends. The full run also starts the
// shared demo workspace (`elderbench demo --agents none`, every sample task recorded, built and probed) in the
// background as soon as the backend is built; the tests that need it wait for it and work on copies
// (test/support/shared-demo.ts). The times of each part are printed before the closing line.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBackendBuild } from './backend-build.js';
import { buildSharedDemo } from './shared-demo.js';
import { printSlowestFiles } from './test-file-times.js';

const fast = process.argv.includes('--fast');
const passThrough = process.argv.slice(2).filter((a) => a !== '--fast');
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
const cache = (name) => join('node_modules', '.cache', name);
const started = Date.now();
const seconds = (t0) => ((Date.now() - t0) / 1000).toFixed(1);
const times = [];
// Each part's CPU seconds (its process and children), measured by GNU time where it is installed: the machine has
// 2 cores, so CPU, not wall time, says what a part costs the run.
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
const cpuDir = mkdtempSync(join(tmpdir(), 'eb-test-cpu-'));
let cpuFiles = 0;
/** `cmd args` wrapped to record its CPU seconds; `cpu()` reads them once it ended ('' when unknown). */
function withCpu(cmd, args) {
  if (!TIME) return { cmd, args, cpu: () => '' };
  const out = join(cpuDir, `${cpuFiles++}.txt`);
  return {
    cmd: TIME,
    args: ['-f', '%U %S', '-o', out, cmd, ...args],
    cpu: () => {
      try {
        const [u, sys] = readFileSync(out, 'utf8').trim().split('\n').pop().split(' ').map(Number);
        return (u + sys).toFixed(0);
      } catch {
        return '';
      }
    },
  };
}
let passed = 0;
let failed = 0;
let skipped = 0;

/** CPU seconds of this run so far: this process and every child it waited for (Linux; '' elsewhere). */
function ownCpu() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100).toFixed(0);
  } catch {
    return '';
  }
}

function count(ok, name, t0, output = '') {
  if (output && !ok) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds(t0)} s)`);
  if (ok) passed++;
  else failed++;
}

/** Runs a command to its end; resolves with its exit status and everything it printed. */
function run(cmd0, args0, { nice = false, extraEnv = {} } = {}) {
  const { cmd, args, cpu } = withCpu(cmd0, args0);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    if (nice) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // not permitted here: the check runs at normal priority
      }
    }
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('error', (e) => resolve({ status: -1, out: `${out}${e.message}\n`, cpu: '' }));
    child.on('close', (status) => resolve({ status, out, cpu: cpu() }));
  });
}

// 1. The backend every CLI test starts (and the demo workspace is built with), rebuilt only if a source changed.
let t0 = Date.now();
try {
  await ensureBackendBuild({ quiet: true });
  count(true, 'build backend (dist/backend)', t0);
} catch (e) {
  count(false, 'build backend (dist/backend)', t0, String(e?.stack ?? e));
}
times.push(['build backend', seconds(t0)]);

// 2. The shared demo workspace, in the background (a whole run only; a run of chosen files builds it as needed).
let demo = null;
if (!fast && passThrough.length === 0) {
  const dir = mkdtempSync(join(tmpdir(), 'eb-shared-demo-'));
  const timed = withCpu(process.execPath, []);
  demo = { dir, done: buildSharedDemo(dir, process.env, timed), cpu: timed.cpu };
}

// 3. Static checks, two at a time, beside the tests.
// Longest first (lint ≈ 75 CPU-seconds, the type-aware floating-promise rule most of it), so the two lanes end
// together: lint in one, the rest (≈ 70 together) in the other.
const checks = [
  ['lint (incl. layer boundaries)', 'npx', ['eslint', '--max-warnings', '0', '.']],
  [
    'typecheck (node: electron + shared)',
    'npx',
    ['tsc', '-p', 'tsconfig.node.json', '--noEmit', '--incremental', '--tsBuildInfoFile', join(cache('tsc'), 'node.tsbuildinfo')],
  ],
  [
    'typecheck (web: renderer + shared)',
    'npx',
    ['tsc', '-p', 'tsconfig.web.json', '--noEmit', '--incremental', '--tsBuildInfoFile', join(cache('tsc'), 'web.tsbuildinfo')],
  ],
  ['format (prettier --check; `npm run format` fixes)', 'npx', ['prettier', '--check', '--log-level', 'warn', '--cache', '.']],
];
const staticStart = Date.now();
const queue = [...checks];
let staticCpu = 0;
const worker = async () => {
  for (let c = queue.shift(); c; c = queue.shift()) {
    const [name, cmd, args] = c;
    const t = Date.now();
    const r = await run(cmd, args, { nice: true });
    count(r.status === 0, `${name}${r.cpu ? `, ${r.cpu} s CPU` : ''}`, t, r.out);
    staticCpu += Number(r.cpu || 0);
  }
};
const staticDone = Promise.all([worker(), worker()]).then(() =>
  times.push(['static checks (2 at a time, beside the tests)', seconds(staticStart), TIME ? String(staticCpu) : '']),
);

// 4. The renderer build the e2e tests serve (full run only), then vitest.
if (!fast) {
  t0 = Date.now();
  const r = await run('npx', ['vite', 'build', '--config', 'vite.renderer.config.ts', '--logLevel', 'warn']);
  count(r.status === 0, 'build renderer (for e2e)', t0, r.out);
  times.push(['build renderer', seconds(t0), r.cpu]);
}

/** One vitest process to its end: its output streamed (or held and printed whole at its end), its summary parsed. */
function vitest(label, args, { hold = false, extraEnv = {} } = {}) {
  const t = Date.now();
  const timed = withCpu('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=./test/support/plain-summary-reporter.ts']);
  return new Promise((resolve) => {
    const child = spawn(timed.cmd, timed.args, {
      env: { ...env, ...extraEnv },
      stdio: ['inherit', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      if (!hold) process.stdout.write(c);
    });
    child.on('close', (status) => {
      if (hold) process.stdout.write(`\n--- ${label} ---\n${out}`);
      times.push([`vitest (${label})`, seconds(t), timed.cpu()]);
      resolve({ status, out });
    });
  });
}

function tally({ status, out }) {
  const m = /^vitest: (\d+) passed, (\d+) failed, (\d+) skipped$/m.exec(out);
  if (!m) {
    console.log('FAIL vitest did not report a summary (crashed?)');
    failed++;
    return;
  }
  passed += Number(m[1]);
  failed += Number(m[2]);
  skipped += Number(m[3]);
  // A crash after the summary still fails the run.
  if (status !== 0 && Number(m[2]) === 0) failed++;
}

// Each test file's seconds, written by the summary reporter, for the slowest-files list of the whole run.
const fileTimes = join(mkdtempSync(join(tmpdir(), 'eb-test-times-')), 'files.jsonl');
const testEnv = { ELDERBENCH_TEST_FILE_TIMES: fileTimes, ...(demo ? { ELDERBENCH_SHARED_DEMO: demo.dir } : {}) };
if (fast || passThrough.length > 0) {
  const projects = fast ? ['--project', 'unit', '--project', 'renderer'] : [];
  tally(await vitest(fast ? 'unit, renderer' : 'chosen files', [...projects, ...passThrough], { extraEnv: testEnv }));
} else {
  // Most tests wait (on CLI processes, phones, servers), so vitest's default of one worker per core but one left idle
  // (= 1 here) left the machine half idle. The node-side files run 2 at a time ($ELDERBENCH_TEST_WORKERS), and the
  // browser files one at a time in a second vitest beside them (its output printed whole when it ends): 3 files at
  // once, beside the static checks and the demo build. More saturates 2 cores without finishing sooner (3 + 1 ran a
  // shared machine to load 25 and made timing-bound tests miss).
  const workers = process.env.ELDERBENCH_TEST_WORKERS ?? '2';
  const [nodeSide, browser] = await Promise.all([
    vitest(
      `unit, renderer, integration; ${workers} at a time`,
      ['--project', 'unit', '--project', 'renderer', '--project', 'integration', `--maxWorkers=${workers}`],
      {
        extraEnv: testEnv,
      },
    ),
    vitest('e2e, one file at a time', ['--project', 'e2e'], { hold: true, extraEnv: testEnv }),
  ]);
  tally(nodeSide);
  tally(browser);
}

await staticDone;
if (demo) {
  const r = await demo.done;
  if (r.status !== 0) {
    const log = readFileSync(join(demo.dir, 'demo.log'), 'utf8');
    console.log(`FAIL shared demo workspace (elderbench demo --agents none) exited ${r.status}:\n${log.slice(-4000)}`);
    failed++;
  }
  times.push(['shared demo workspace (in the background)', r.seconds.toFixed(1), demo.cpu()]);
  rmSync(demo.dir, { recursive: true, force: true });
}
times.push(['total', seconds(started), ownCpu()]);
rmSync(cpuDir, { recursive: true, force: true });
printSlowestFiles(fileTimes);
console.log(`\n${fast ? 'npm run test:fast' : 'npm test'} times:`);
console.log(`  ${''.padEnd(48)} ${'wall'.padStart(9)} ${'CPU'.padStart(7)}`);
for (const [what, s, cpu = ''] of times) console.log(`  ${what.padEnd(48)} ${s.padStart(7)} s ${cpu ? `${cpu.padStart(5)} s` : ''}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
