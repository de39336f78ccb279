import type { Reporter, TestModule } from 'vitest/node';

/**
 * CI reads only a plain `N passed, N failed` closing line; vitest's own summary is not recognised.
 * Files that fail to load count as failures, so a broken import can never look green.
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
    process.stdout.write(`\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
