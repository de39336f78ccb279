import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSharedDemo } from '../../scripts/shared-demo.js';
import { until } from './wait.js';

/** What `elderbench demo --agents none --json` printed for the shared workspace. */
export interface SharedDemoSummary {
  workspace: string;
  seconds: number;
  graphs: number;
  variants: number;
  falseAccepts: number;
  falseRejects: number;
}

let local: Promise<string> | null = null;

/** The folder holding the built demo: the suite's (ELDERBENCH_SHARED_DEMO, set by scripts/test.js), else one built here. */
async function demoDir(): Promise<string> {
  const shared = process.env.ELDERBENCH_SHARED_DEMO;
  if (shared) {
    // scripts/test.js started it before the tests; it takes minutes on a loaded machine.
    await until(() => existsSync(join(shared, 'done.json')), 'the shared demo workspace', 2_900_000);
    return shared;
  }
  local ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eb-shared-demo-'));
    await buildSharedDemo(dir);
    return dir;
  })();
  return local;
}

/**
 * The demo workspace of the sample set (every task recorded, its graph built and probed on a virtual phone),
 * built once per `npm test` and shared by the tests that need it. Each caller gets a copy of its own in `into`
 * (a fresh folder), so no test sees another's changes; the original is never opened for writing.
 */
export async function copyOfSharedDemo(into: string): Promise<{ workspace: string; summary: SharedDemoSummary }> {
  const dir = await demoDir();
  const done = JSON.parse(readFileSync(join(dir, 'done.json'), 'utf8')) as { status: number | string };
  if (done.status !== 0) {
    throw new Error(
      `the shared demo workspace failed to build (exit ${done.status}):\n${readFileSync(join(dir, 'demo.log'), 'utf8').slice(-3000)}`,
    );
  }
  const workspace = join(into, 'ws');
  cpSync(join(dir, 'ws'), workspace, { recursive: true });
  return { workspace, summary: JSON.parse(readFileSync(join(dir, 'demo.json'), 'utf8')) as SharedDemoSummary };
}
