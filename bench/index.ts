// `npm run bench [name…]`: runs every bench/*.bench.ts (or the named ones) and prints its figures.
// Benchmarks are measurements, not tests: nothing here fails a build.
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
  const mod = (await import(`./${f}`)) as { default: () => Promise<BenchFigure[]> };
  console.log(`\n## ${f.replace('.bench.ts', '')}`);
  try {
    for (const r of await mod.default()) {
      const extra = [r.target ? `target ${r.target}` : '', r.note ?? ''].filter(Boolean).join('; ');
      console.log(`  ${r.name.padEnd(48)} ${fmt(r.value).padStart(10)} ${r.unit}${extra ? `   (${extra})` : ''}`);
    }
  } catch (e) {
    console.log(`  FAILED: ${(e as Error).message}`);
    process.exitCode = 1;
  }
}
