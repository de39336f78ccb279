import type { Action } from '../../shared/domain/action.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../../shared/domain/task-graph.js';
import { toDemoStep } from '../../electron/core/graph/demo-step.js';
import type { ProbeDemo } from '../../electron/core/graph/probe/variants.js';
import type { UiHierarchy } from '../../shared/domain/ui-node.js';
import { nodeAt, targetOf } from '../../shared/domain/ui-tree.js';
import { b, button, field, id, n, page, tapAt } from './ui-builder.js';

/** A wallet transfer page and its demonstrations, as UI trees: for tests of graphs, the probe and the state judge. */
export const screen = { width: 1080, height: 2400 };
export const fg = { package: 'com.example.app', activity: 'PayActivity' };
export const presets = (amount: string) =>
  page(
    '转账给 儿子',
    field(amount, '金额（元）', b(40, 300, 1040, 420), { resourceId: id('amount') }),
    n({
      className: 'android.widget.GridLayout',
      resourceId: id('presets'),
      bounds: b(0, 500, 1080, 650),
      children: [button('50元', b(0, 500, 360, 650)), button('100元', b(360, 500, 720, 650)), button('200元', b(720, 500, 1080, 650))],
    }),
    button('转账', b(40, 900, 1040, 1050), { resourceId: id('confirm') }),
  );
export const done = page('转账成功', button('完成', b(40, 900, 1040, 1050), { resourceId: id('done') }));

const typeAmount: Action = { type: 'Type', text: '300' };
const tapField = tapAt(b(40, 300, 1040, 420));
const tapConfirm = tapAt(b(40, 900, 1040, 1050));
/** A tap as the recorder keeps it: in pixels, with the element it landed on (a tap in the field focuses it). */
function tapPx(u: UiHierarchy, at: { x: number; y: number }) {
  const p = { x: Math.floor(at.x * 1.08), y: Math.floor(at.y * 2.4) };
  const node = nodeAt(u, p.x, p.y);
  const target = node ? targetOf(node) : null;
  return { type: 'Tap' as const, at: p, screen, ...(target ? { target } : {}) };
}

/** A transfer demonstration: focus the field, type 300, confirm (or tap the 100元 preset, confirm); each observation as the recorder keeps it. */
export function transferDemo(id: number, preset = false) {
  const obs = preset ? [presets(''), presets('100'), done] : [presets(''), presets(''), presets('300'), done];
  const actions = preset ? [tapAt(b(360, 500, 720, 650)), tapConfirm, null] : [tapField, typeAmount, tapConfirm, null];
  const steps = obs.map((u, idx) =>
    toDemoStep(
      {
        ref: { demonstrationId: id, idx, screenshotBlob: null, xmlBlob: null },
        ui: u,
        foreground: fg,
        action: actions[idx]!,
        actionPx: actions[idx]?.type === 'Tap' ? tapPx(u, (actions[idx] as { at: { x: number; y: number } }).at) : null,
        screen,
      },
      DEFAULT_SIGNATURE_CONFIG,
    ),
  );
  const probe: ProbeDemo = {
    id,
    screen,
    steps: steps.map((s, i) => ({ action: s.action, ui: obs[i]!, content: s.content, page: s.page })),
  };
  return { demo: { id, steps }, probe };
}
