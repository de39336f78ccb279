import type { Action } from '../shared/domain/action.js';
import type { UiHierarchy, UiNode } from '../shared/domain/ui-node.js';
import type { Demo } from '../shared/domain/task-graph.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../shared/domain/task-graph.js';
import { buildGraph } from '../electron/core/graph/merge.js';
import { computeSignature } from '../electron/core/graph/signature.js';
import { replayDemo } from '../electron/core/graph/validate.js';
import type { BenchFigure } from './figure.js';

/** A synthetic page: 40 nodes, a title, a clock that changes, rows whose count varies (a scrolled list). */
function page(p: number, visit: number): UiHierarchy {
  const leaf = (extra: Partial<UiNode>): UiNode => ({
    index: 0, text: '', resourceId: '', className: 'android.widget.TextView', packageName: 'com.example.app', contentDesc: '',
    checkable: false, checked: false, clickable: false, enabled: true, focusable: false, focused: false, scrollable: false,
    longClickable: false, password: false, selected: false, bounds: { left: 0, top: 0, right: 1080, bottom: 100 }, naf: false, children: [], ...extra,
  });
  const rows = 30 + (visit % 7);
  return {
    rotation: 0,
    roots: [leaf({
      className: 'android.widget.FrameLayout',
      children: [
        leaf({ text: `${10 + (visit % 12)}:${10 + (visit % 50)}`, resourceId: 'com.android.systemui:id/clock', packageName: 'com.android.systemui' }),
        leaf({ text: `Page ${p}`, resourceId: 'com.example.app:id/title' }),
        ...Array.from({ length: rows }, (_, i) => leaf({ text: `Item ${i} of ${visit}`, resourceId: `com.example.app:id/row_p${p}_${i % 5}`, clickable: true, className: 'android.widget.Button' })),
      ],
    })],
  };
}

const tap = (i: number): Action => ({ type: 'Tap', at: { x: 500, y: 100 + i * 80 } });

/** `steps` observations in demonstrations of 10 steps over 25 pages, two paths through them. */
function synthetic(steps: number): { demos: Demo[]; signMs: number } {
  const demos: Demo[] = [];
  let signMs = 0;
  for (let d = 0; demos.length * 10 < steps; d++) {
    const path = Array.from({ length: 10 }, (_, i) => (d % 2 === 0 ? i : (i * 3) % 25));
    path[9] = 24;
    demos.push({
      id: d + 1,
      steps: path.map((p, idx) => {
        const t0 = performance.now();
        const signature = computeSignature(page(p, d * 10 + idx), { package: 'com.example.app', activity: `A${p % 5}` }, DEFAULT_SIGNATURE_CONFIG);
        signMs += performance.now() - t0;
        return { ref: { demonstrationId: d + 1, idx, screenshotBlob: null, xmlBlob: null }, signature, action: idx < 9 ? tap(path[idx + 1]! % 10) : null, actionPx: null, screen: { width: 1080, height: 2400 } };
      }),
    });
  }
  return { demos, signMs };
}

export default async function run(): Promise<BenchFigure[]> {
  const out: BenchFigure[] = [];
  for (const n of [1_000, 10_000, 50_000]) {
    const { demos, signMs } = synthetic(n);
    const t0 = performance.now();
    const g = buildGraph('bench', demos, DEFAULT_SIGNATURE_CONFIG);
    const buildMs = performance.now() - t0;
    const t1 = performance.now();
    for (const d of demos) replayDemo(g, d);
    const replayMs = performance.now() - t1;
    out.push({ name: `graph build (merge), ${n} steps`, value: buildMs, unit: 'ms', target: n === 10_000 ? '≤ 1000 ms' : undefined, note: `${g.nodes.length} nodes, ${g.edges.length} edges` });
    out.push({ name: `  + self-consistency replay, ${n} steps`, value: replayMs, unit: 'ms' });
    out.push({ name: `  signatures from UI trees, ${n} steps`, value: signMs, unit: 'ms', note: `${((signMs / n) * 1000).toFixed(0)} µs/step` });
  }
  return out;
}
