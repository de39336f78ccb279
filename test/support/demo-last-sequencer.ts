import { readFileSync } from 'node:fs';
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

/** A test file that works on the shared demo workspace: it imports test/support/shared-demo.ts. */
export function usesSharedDemo(file: string): boolean {
  try {
    return /from '[./]*(support\/)?shared-demo\.js'/.test(readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * vitest's order, with the files that wait for the shared demo workspace last: scripts/test.js builds it in the
 * background while every other file runs, instead of a worker sitting idle waiting for it. The files are found by
 * their import, so a new one cannot be forgotten (a list here had fallen behind: three files waited up to 8 minutes).
 */
export default class DemoLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waits = new Set(sorted.filter((f) => usesSharedDemo(f.moduleId)));
    return [...sorted.filter((f) => !waits.has(f)), ...sorted.filter((f) => waits.has(f))];
  }
}
