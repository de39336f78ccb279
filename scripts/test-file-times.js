// The seconds of each test file in a run of `npm test`, gathered from every vitest process of the run: the summary
// reporter (test/support/plain-summary-reporter.ts) appends one JSON line per file to $ELDERBENCH_TEST_FILE_TIMES, and
// each file's own process its CPU seconds to $ELDERBENCH_TEST_FILE_TIMES.cpu (test/support/file-cpu.ts).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';

const lines = (file) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];

/**
 * Prints the `count` slowest test files of the run (all vitest processes together) with the CPU seconds each used
 * (its processes and their children), and the CPU seconds of all files together; then removes the record.
 */
export function printSlowestFiles(file, count = 10) {
  if (!existsSync(file)) return;
  const cpu = new Map(lines(`${file}.cpu`).map((c) => [c.path, c.cpu]));
  const all = lines(file);
  const files = [...all].sort((a, b) => b.seconds - a.seconds).slice(0, count);
  rmSync(dirname(file), { recursive: true, force: true });
  if (files.length === 0) return;
  const cpuOf = (f) => (cpu.has(f.path) ? `${cpu.get(f.path).toFixed(1).padStart(7)} s CPU` : '           ');
  console.log(`\nslowest ${files.length} test files of the run (wall, CPU):`);
  for (const f of files) console.log(`  ${f.seconds.toFixed(1).padStart(7)} s ${cpuOf(f)}  ${f.project.padEnd(11)} ${f.path}`);
  if (cpu.size > 0) {
    const total = [...cpu.values()].reduce((a, b) => a + b, 0);
    console.log(`  all ${all.length} files: ${total.toFixed(0)} CPU-seconds (${cpu.size} measured)`);
  }
  if (process.env.ELDERBENCH_TEST_TIMES_KEEP) {
    const rows = all.map((f) => ({ ...f, cpu: cpu.get(f.path) ?? null }));
    console.log(`\nall files (JSON):\n${JSON.stringify(rows)}`);
  }
}
