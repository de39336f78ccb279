// The seconds of each test file in a run of `npm test`, gathered from every vitest process of the run: the summary
// reporter (test/support/plain-summary-reporter.ts) appends one JSON line per file to $ELDERBENCH_TEST_FILE_TIMES.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';

/** Prints the `count` slowest test files of the run (all vitest processes together), then removes the record. */
export function printSlowestFiles(file, count = 10) {
  if (!existsSync(file)) return;
  const files = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
  rmSync(dirname(file), { recursive: true, force: true });
  if (files.length === 0) return;
  console.log(`\nslowest ${files.length} test files of the run:`);
  for (const f of files) console.log(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.project.padEnd(11)} ${f.path}`);
}
