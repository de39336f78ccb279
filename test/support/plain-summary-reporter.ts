import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest test files the closing summary lists. */
const SLOWEST = 10;

/**
 * CI reads only a plain `N passed, N failed` closing line; vitest's own summary is not recognised.
 * Files that fail to load count as failures, so a broken import can never look green.
 * Before that line it lists the slowest test files (their tests and hooks, plus collecting them), so a CI log shows
 * where the suite's time goes.
 */
export default class PlainSummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      if (mod.errors().length > 0 || mod.state() === 'failed') {
        const hasFailedTest = [...mod.children.allTests()].some((t) => t.result().state === 'failed');
        if (!hasFailedTest) failed++;
      }
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    const times = fileTimes(testModules);
    process.stdout.write(slowestFiles(times));
    // `npm test` runs more than one vitest; it gathers every file's time for the list of the whole run.
    const record = process.env.ELDERBENCH_TEST_FILE_TIMES;
    if (record && times.length > 0) appendFileSync(record, times.map((t) => `${JSON.stringify(t)}\n`).join(''));
    process.stdout.write(`\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}

interface FileTime {
  seconds: number;
  project: string;
  path: string;
}

/** Each test file's seconds: its tests and hooks, plus collecting it (importing its modules). */
function fileTimes(testModules: ReadonlyArray<TestModule>): FileTime[] {
  return testModules.map((mod) => {
    const d = mod.diagnostic();
    return { seconds: (d.duration + d.collectDuration) / 1000, project: mod.project.name, path: relative(process.cwd(), mod.moduleId) };
  });
}

/** The slowest test files, one a line: seconds, project, path. */
export function slowestFiles(files: readonly FileTime[], count = SLOWEST): string {
  if (files.length === 0) return '';
  const slowest = [...files].sort((a, b) => b.seconds - a.seconds).slice(0, count);
  const lines = slowest.map((f) => `  ${f.seconds.toFixed(1).padStart(7)} s  ${f.project.padEnd(11)} ${f.path}`);
  return `\nslowest ${slowest.length} test files:\n${lines.join('\n')}\n`;
}
