// `npm test`: type-check both projects, lint, check the formatting, build the renderer, run every vitest project,
// and end with one plain `N passed, N failed` line (each static check counts as one test).
import { spawnSync } from 'node:child_process';

const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
const checks = [
  ['typecheck (node: electron + shared)', 'npx', ['tsc', '-p', 'tsconfig.node.json', '--noEmit']],
  ['typecheck (web: renderer + shared)', 'npx', ['tsc', '-p', 'tsconfig.web.json', '--noEmit']],
  ['lint (incl. layer boundaries)', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['format (prettier --check; `npm run format` fixes)', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  ['build renderer (for e2e)', 'npx', ['vite', 'build', '--config', 'vite.renderer.config.ts', '--logLevel', 'warn']],
];

let passed = 0;
let failed = 0;
let skipped = 0;
for (const [name, cmd, args] of checks) {
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  const ok = r.status === 0;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  if (ok) passed++;
  else failed++;
}

const vitest = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=./test/support/plain-summary-reporter.ts', ...process.argv.slice(2)],
  { env, encoding: 'utf8', stdio: ['inherit', 'pipe', 'inherit'], maxBuffer: 256 * 1024 * 1024 },
);
process.stdout.write(vitest.stdout ?? '');
const m = /^vitest: (\d+) passed, (\d+) failed, (\d+) skipped$/m.exec(vitest.stdout ?? '');
if (m) {
  passed += Number(m[1]);
  failed += Number(m[2]);
  skipped += Number(m[3]);
  // A crash after the summary still fails the run.
  if (vitest.status !== 0 && Number(m[2]) === 0) failed++;
} else {
  console.log('FAIL vitest did not report a summary (crashed?)');
  failed++;
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
