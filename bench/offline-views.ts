import type { TaskGraph } from '../shared/domain/task-graph.js';
import { graphScreen } from '../shared/domain/task-graph.js';
import type { WorkspaceStore } from '../electron/adapters/db/workspace-store.js';
import { offlineObserver } from '../electron/services/runs/offline-observations.js';
import type { BenchFigure } from './figure.js';
import { median } from './figure.js';

/**
 * What drawing the screen of a state no recording shows costs an offline step (a page not recorded, a page
 * scrolled: decoded, drawn and stored), once per node and view per task: next to a 2–13 s model call,
 * and next to the recorded screen's own decode.
 */
export async function offlineViewFigures(store: WorkspaceStore, graph: TaskGraph): Promise<BenchFigure[]> {
  const node = graph.nodes.find((n) => n.representative.screenshotBlob)!;
  const screen = graphScreen(graph);
  const time = async (kind: 'recorded' | 'excursion' | 'scrolled'): Promise<number> => {
    const ms: number[] = [];
    for (let i = 0; i < 8; i++) {
      // A fresh observer each time: its cache would answer the second ask for nothing.
      const observe = offlineObserver(store, screen, true);
      const t0 = performance.now();
      await observe({ node, kind, scrolledPx: kind === 'scrolled' ? Math.round(screen.height * 0.4) : 0 });
      ms.push(performance.now() - t0);
    }
    return median(ms.slice(1));
  };
  const recorded = await time('recorded');
  const out: BenchFigure[] = [{ name: 'offline view: the recorded screen (decoded for the agent)', value: recorded, unit: 'ms (median)' }];
  for (const kind of ['excursion', 'scrolled'] as const) {
    const v = await time(kind);
    out.push({
      name: `offline view: ${kind === 'excursion' ? 'a page not recorded' : 'the page scrolled'} (drawn and stored)`,
      value: v,
      unit: 'ms (median)',
      target: '≤ 1000 ms (once per node and view per task, next to a 2–13 s model call)',
      note: `${(v / recorded).toFixed(1)}× the recorded screen's decode; ${screen.width}×${screen.height}`,
    });
  }
  return out;
}
