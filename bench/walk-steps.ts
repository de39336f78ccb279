import type { Action } from '../shared/domain/action.js';
import type { TaskGraph } from '../shared/domain/task-graph.js';
import { DEFAULT_MATCH_OPTIONS } from '../electron/core/graph/match.js';
import { GraphWalker } from '../electron/core/graph/walk.js';
import { b, button, field, id, n, page, tapAt } from '../test/support/ui-builder.js';
import { demoOf, graphOf } from '../test/support/page-demos.js';

/**
 * The offline walk's cost per step on the moves it makes beyond recorded edges: a form filled in another
 * order, a stepper overshot and corrected, a look at an unknown page and Back, text typed over a prefilled
 * field. Two small graphs built like the sample set's (UI trees → demonstrations → graph); every path is
 * walked many times and the time per action is taken.
 */
const type = (t: string, clear?: boolean): Action => ({ type: 'Type', text: t, ...(clear ? { clear } : {}) });

function form(): { graph: TaskGraph; paths: Action[][] } {
  const name = b(40, 300, 1040, 420);
  const amount = b(40, 500, 1040, 620);
  const confirm = b(40, 900, 1040, 1050);
  const ui = (who: string, much: string) =>
    page(
      '转账',
      field(who, '收款人', name, { resourceId: id('name') }),
      field(much, '金额（元）', amount, { resourceId: id('amount') }),
      button('确认', confirm, { resourceId: id('confirm') }),
    );
  const graph = graphOf([
    demoOf(1, [
      { ui: ui('', ''), action: tapAt(name) },
      { ui: ui('', ''), action: type('李强') },
      { ui: ui('李强', ''), action: tapAt(amount) },
      { ui: ui('李强', ''), action: type('300') },
      { ui: ui('李强', '300'), action: tapAt(confirm) },
      { ui: page('转账成功', button('完成', confirm)), action: null },
    ]),
  ]);
  const away = tapAt(b(40, 1500, 1040, 1600));
  return {
    graph,
    paths: [
      [tapAt(name), type('李强'), tapAt(amount), type('300'), tapAt(confirm)],
      [tapAt(amount), type('300'), tapAt(name), type('李强'), tapAt(confirm)],
      [away, { type: 'Back' }, tapAt(amount), type('500'), tapAt(amount), type('300', true), tapAt(name), type('李强'), tapAt(confirm)],
    ],
  };
}

function alarm(): { graph: TaskGraph; paths: Action[][] } {
  const down = b(40, 600, 520, 720);
  const up = b(560, 600, 1040, 720);
  const hour = b(40, 300, 1040, 420);
  const save = b(40, 900, 1040, 1050);
  const edit = (h: string) =>
    page(
      '添加闹钟',
      field(h, '小时', hour, { resourceId: id('hour_input') }),
      n({
        className: 'android.widget.LinearLayout',
        bounds: b(0, 600, 1080, 720),
        children: [button('−1 h', down, { resourceId: id('hour_down') }), button('+1 h', up, { resourceId: id('hour_up') })],
      }),
      button('保存', save, { resourceId: id('save') }),
    );
  const graph = graphOf([
    demoOf(1, [
      { ui: edit('07'), action: tapAt(down) },
      { ui: edit('06'), action: tapAt(save) },
      { ui: page('闹钟'), action: null, activity: 'ListActivity' },
    ]),
  ]);
  return {
    graph,
    paths: [
      [tapAt(down), tapAt(save)],
      [tapAt(down), tapAt(down), tapAt(up), tapAt(save)],
      [tapAt(hour), type('6'), tapAt(save)],
    ],
  };
}

/** Median over rounds of the time per walked action (act and the closing Finish), in µs. */
export function walkMicrosPerStep(rounds = 2000): number {
  const cases = [form(), alarm()];
  const perStep: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let steps = 0;
    const t0 = performance.now();
    for (const { graph, paths } of cases) {
      for (const path of paths) {
        const w = new GraphWalker(graph, DEFAULT_MATCH_OPTIONS);
        for (const a of path) {
          steps++;
          if (!w.act(a).taken) break;
        }
        w.finish();
      }
    }
    perStep.push(((performance.now() - t0) * 1000) / steps);
  }
  const s = perStep.slice(rounds / 10).sort((a, b2) => a - b2);
  return s[Math.floor(s.length / 2)]!;
}
