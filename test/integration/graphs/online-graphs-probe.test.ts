import { describe, expect, it } from 'vitest';
import type { GraphSummary } from '../../../shared/domain/graph.js';
import { Backend } from '../../../electron/services/backend.js';
import { copyOfSharedDemo } from '../../support/shared-demo.js';
import { useTempDirs } from '../../support/temp-dir.js';

/**
 * The online tasks' graphs (the state judge's ground) pass the same probe as the offline ones: every
 * right and wrong variant of their demonstrations, played on the demo's virtual phone and judged by the
 * tasks' checks, gets the same verdict from the graph. Among them: presses of a key no page shows
 * (settings-volume-up), an hour typed as "6" in one demonstration and stepped to "06" in another
 * (clock-alarm-six), free choices marked by the annotator (any Huangmei song, either larger text size).
 * The graphs are the shared demo workspace's (`elderbench demo --agents none`, built once per test run).
 */
describe('online task graphs agree with the phone', () => {
  const tmp = useTempDirs();

  it('demo --agents none builds and probes every online task graph on the phone: 0 false accepts, 0 false rejects', async () => {
    const { workspace, summary } = await copyOfSharedDemo(tmp());
    expect(summary).toMatchObject({ falseAccepts: 0, falseRejects: 0 });

    // The graphs' standing as the Graphs screen reads it (the same service), in the copy.
    const backend = new Backend({ workspace, userDataDir: tmp() });
    let graphs: GraphSummary[];
    try {
      const online = new Set(backend.workspace.tasks.list({ mode: 'online' }).map((t) => t.id));
      graphs = (await backend.handlers.graphs.list({})).filter((g) => online.has(g.taskId));
    } finally {
      backend.close();
    }
    expect(graphs.length).toBeGreaterThanOrEqual(39);
    for (const g of graphs) {
      expect(g.trust.probe, g.taskId).toMatchObject({ kind: 'device', falseAccepts: 0, falseRejects: 0 });
    }
    expect(graphs.reduce((n, g) => n + (g.trust.probe?.variants ?? 0), 0)).toBeGreaterThanOrEqual(200);
  }, 3_000_000);
});
