import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

/** The test files that work on the shared demo workspace (test/support/shared-demo.ts). */
export const SHARED_DEMO_FILES = [
  'test/integration/graphs/offline-verdicts-cli.test.ts',
  'test/integration/graphs/online-graphs-probe.test.ts',
  'test/e2e/html-report.test.ts',
];

/**
 * vitest's order, with the files that wait for the shared demo workspace last: scripts/test.js builds it in the
 * background while every other file runs, instead of a worker sitting idle waiting for it.
 */
export default class DemoLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waits = (f: TestSpecification): boolean => SHARED_DEMO_FILES.some((d) => f.moduleId.replace(/\\/g, '/').endsWith(d));
    return [...sorted.filter((f) => !waits(f)), ...sorted.filter(waits)];
  }
}
