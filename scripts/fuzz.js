// `npm run fuzz [-- --runs N] [-- --seed S]`: the fuzz tests of the suite (test/fuzz), N times longer
// (default 50×) with a fresh seed, printed first so a failure can be replayed exactly.
import { spawnSync } from 'node:child_process';

const arg = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const runs = arg('runs') ?? '5000';
const seed = arg('seed') ?? String(Date.now() % 2 ** 31);
console.log(`fuzz: ELDERBENCH_FUZZ_RUNS=${runs} ELDERBENCH_FUZZ_SEED=${seed} (replay with: npm run fuzz -- --runs ${runs} --seed ${seed})`);
const r = spawnSync('npx', ['vitest', 'run', '--project', 'integration', 'test/fuzz'], {
  stdio: 'inherit',
  env: { ...process.env, ELDERBENCH_FUZZ_RUNS: runs, ELDERBENCH_FUZZ_SEED: seed },
});
process.exit(r.status ?? 1);
