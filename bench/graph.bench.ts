import type { Action } from '../shared/domain/action.js';
import type { UiHierarchy, UiNode } from '../shared/domain/ui-node.js';
import type { Demo, DemoStep } from '../shared/domain/task-graph.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../shared/domain/task-graph.js';
import { toDemoStep } from '../electron/core/graph/demo-step.js';
import { buildGraph } from '../electron/core/graph/merge.js';
import { replayDemo } from '../electron/core/graph/validate.js';
import type { BenchFigure } from './figure.js';
import { n } from '../test/support/ui-builder.js';

/**
 * Graph building at scale, signatures included: `steps` observations drawn from PAGES distinct pages
 * (60 activities × 10 titled pages), each with ~40 nodes — a title, a clock that changes, a search
 * field whose text a demonstration may type, a tab group, and a list whose length varies (a scrolled
 * list). Demonstrations walk 10 pages each; every fifth one types into the field, so content splits
 * states too. The graph must grow with the number of states, not with their square.
 */
const PAGES = 600;
const ACTIVITIES = 60;

function leaf(extra: Partial<UiNode>): UiNode {
  return n({ index: 0, className: 'android.widget.TextView', bounds: { left: 0, top: 0, right: 1080, bottom: 100 }, ...extra });
}

function page(p: number, visit: number, typed: string): UiHierarchy {
  const rows = 20 + (visit % 7);
  const tab = visit % 3;
  return {
    rotation: 0,
    roots: [
      leaf({
        className: 'android.widget.FrameLayout',
        bounds: { left: 0, top: 0, right: 1080, bottom: 2400 },
        children: [
          leaf({
            text: `${10 + (visit % 12)}:${10 + (visit % 50)}`,
            resourceId: 'com.android.systemui:id/clock',
            packageName: 'com.android.systemui',
          }),
          leaf({
            className: 'android.view.ViewGroup',
            resourceId: 'com.example.app:id/toolbar',
            bounds: { left: 0, top: 80, right: 1080, bottom: 240 },
            children: [leaf({ text: `Page ${p}`, bounds: { left: 40, top: 100, right: 800, bottom: 200 } })],
          }),
          leaf({
            className: 'android.widget.EditText',
            resourceId: 'com.example.app:id/search',
            text: typed || 'Search',
            extras: { hint: 'Search' },
            clickable: true,
            bounds: { left: 40, top: 260, right: 1040, bottom: 380 },
          }),
          leaf({
            className: 'android.widget.HorizontalScrollView',
            resourceId: 'com.example.app:id/tabs',
            bounds: { left: 0, top: 400, right: 1080, bottom: 520 },
            children: ['A', 'B', 'C'].map((t, i) =>
              leaf({
                className: 'android.widget.LinearLayout',
                contentDesc: t,
                clickable: true,
                selected: i === tab,
                bounds: { left: i * 360, top: 400, right: (i + 1) * 360, bottom: 520 },
              }),
            ),
          }),
          leaf({
            className: 'androidx.recyclerview.widget.RecyclerView',
            scrollable: true,
            bounds: { left: 0, top: 540, right: 1080, bottom: 2300 },
            children: Array.from({ length: rows }, (_, i) =>
              leaf({
                text: `Item ${i} of ${visit}`,
                resourceId: `com.example.app:id/row_${i % 5}`,
                clickable: true,
                className: 'android.widget.Button',
                bounds: { left: 0, top: 540 + i * 80, right: 1080, bottom: 620 + i * 80 },
              }),
            ),
          }),
        ],
      }),
    ],
  };
}

/** CPU time of this process (all its threads, the collector's included), in ms: on a shared machine it varies less than the clock. */
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const tap = (i: number): Action => ({ type: 'Tap', at: { x: 500, y: 240 + i * 30 } });

/** `steps` observations in demonstrations of 10 steps; returns the demonstrations and the time spent signing. */
function synthetic(steps: number): { demos: Demo[]; signMs: number; signCpuMs: number } {
  const demos: Demo[] = [];
  let signMs = 0;
  let signCpuMs = 0;
  const screen = { width: 1080, height: 2400 };
  for (let d = 0; demos.length * 10 < steps; d++) {
    const start = (d * 37) % PAGES;
    const path = Array.from({ length: 10 }, (_, i) => (start + i * (1 + (d % 3))) % PAGES);
    const types = d % 5 === 0;
    const out: DemoStep[] = path.map((p, idx) => {
      const typed = types && idx >= 5 ? `query ${d % 11}` : '';
      const action: Action | null =
        idx === 9 ? null : types && idx === 4 ? { type: 'Type', text: `query ${d % 11}` } : tap(path[idx + 1]! % 10);
      const t0 = performance.now();
      const c0 = cpuMs();
      const s = toDemoStep(
        {
          ref: { demonstrationId: d + 1, idx, screenshotBlob: null, xmlBlob: null },
          ui: page(p, d * 10 + idx, typed),
          foreground: { package: 'com.example.app', activity: `A${p % ACTIVITIES}` },
          action,
          actionPx: null,
          screen,
        },
        DEFAULT_SIGNATURE_CONFIG,
      );
      signMs += performance.now() - t0;
      signCpuMs += cpuMs() - c0;
      return s;
    });
    demos.push({ id: d + 1, steps: out });
  }
  return { demos, signMs, signCpuMs };
}

export default async function run(): Promise<BenchFigure[]> {
  const out: BenchFigure[] = [];
  for (const n of [1_000, 10_000, 50_000]) {
    const { demos, signMs, signCpuMs } = synthetic(n);
    const t0 = performance.now();
    const c0 = cpuMs();
    const g = buildGraph('bench', demos, DEFAULT_SIGNATURE_CONFIG);
    const buildMs = performance.now() - t0;
    const buildCpuMs = cpuMs() - c0;
    const t1 = performance.now();
    for (const d of demos) replayDemo(g, d);
    const replayMs = performance.now() - t1;
    out.push({
      name: `graph build, ${n} steps, signatures included`,
      value: signMs + buildMs,
      unit: 'ms',
      target: n === 10_000 ? '≤ 1000 ms' : undefined,
      note: `${g.nodes.length} states (nodes), ${g.edges.length} edges; signatures ${signMs.toFixed(0)} ms (${((signMs / n) * 1000).toFixed(0)} µs/step) + merge ${buildMs.toFixed(0)} ms; CPU time ${(signCpuMs + buildCpuMs).toFixed(0)} ms`,
    });
    out.push({ name: `  + self-consistency replay, ${n} steps`, value: replayMs, unit: 'ms' });
  }
  return out;
}
