// `npm run bench [name…]`: runs every bench/*.bench.ts (or the named ones), each in its own
// process so memory figures are not inflated by the benches before it, and prints the figures.
// Benchmarks are measurements, not tests: nothing here fails a build.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BenchFigure } from './figure.js';

const dir = fileURLToPath(new URL('.', import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort();

const fmt = (v: number): string => (Number.isInteger(v) ? String(v) : v.toFixed(v < 10 ? 2 : 1));
console.log(`ElderBench benchmarks — ${new Date().toISOString()}, Node ${process.version}, ${process.platform}/${process.arch}`);
for (const f of files) {
  console.log(`\n## ${f.replace('.bench.ts', '')}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `${dir}run-one.ts`, f], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  let figures: BenchFigure[];
  try {
    figures = JSON.parse(line) as BenchFigure[];
  } catch {
    console.log(`  FAILED (exit ${r.status}): ${line.slice(0, 300)}`);
    process.exitCode = 1;
    continue;
  }
  for (const x of figures) {
    const extra = [x.target ? `target ${x.target}` : '', x.note ?? ''].filter(Boolean).join('; ');
    console.log(`  ${x.name.padEnd(48)} ${fmt(x.value).padStart(10)} ${x.unit}${extra ? `   (${extra})` : ''}`);
  }
}
