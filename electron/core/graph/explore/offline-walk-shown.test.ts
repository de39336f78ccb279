import { describe, expect, it } from 'vitest';
import type { Action } from '../../../../shared/domain/action.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../../shared/domain/graph.js';
import type { TapOption } from '../../../../shared/domain/task-graph.js';
import { b, button, field, id, n, page, tapAt } from '../../../../test/support/ui-builder.js';
import { demoOf, graphOf } from '../../../../test/support/page-demos.js';
import { labelledControls } from '../tap-controls.js';
import { walkAsVlmAgent } from './offline-walk.js';

/**
 * A played path walked offline aims each tap where the screen the run shows has the element the phone's tap hit. After
 * a search's Enter the run shows the results the demonstration saw (not the node's representative, the screen before
 * Enter): the tap is aimed on those (held-out sets AR, AU and AV: 甜蜜蜜 searched by its title, where the demonstration
 * searched the singer — the phone lists it first, the recorded results second — refused while the phone's point stood).
 */
describe('a played tap aimed on the results screen the run shows', () => {
  const box = b(40, 240, 1040, 360);
  const row = (i: number) => b(0, 400 + i * 200, 1080, 600 + i * 200);
  const list = (value: string, titles: string[], focused = true) =>
    page(
      '音乐',
      field(value, '搜索歌曲', box, { resourceId: id('search'), focused }),
      n({
        className: 'androidx.recyclerview.widget.RecyclerView',
        scrollable: true,
        bounds: b(0, 380, 1080, 1400),
        children: titles.map((t, i) => button(t, row(i))),
      }),
    );
  const typed: Action = { type: 'Type', text: '邓丽君' };
  const enter: Action = { type: 'Enter' };
  const before = list('邓丽君', ['我的祖国', '甜蜜蜜']);
  const after = list('邓丽君', ['月亮代表我的心', '甜蜜蜜', '小城故事']);
  const graph = {
    ...graphOf([
      demoOf(1, [
        { ui: list('', ['我的祖国', '茉莉花'], false), action: tapAt(box) },
        { ui: list('', ['我的祖国', '茉莉花']), action: typed },
        { ui: before, action: enter },
        { ui: after, action: tapAt(row(1)) },
        { ui: page('正在播放'), action: null, activity: 'PlayerActivity' },
      ]),
    ]),
    taskId: 'play-that',
  };
  const task = { id: 'play-that', instruction: '放那首甜蜜蜜', maxSteps: 20 };
  // The phone, for the query 甜蜜蜜, lists it first.
  const path: Action[] = [tapAt(box), { type: 'Type', text: '甜蜜蜜', submit: true }, tapAt(row(0))];
  const targets = [null, null, '甜蜜蜜'];
  const controlsOf = async (): Promise<TapOption[]> => labelledControls(after);

  it('with the shown screen’s controls, the tap lands on 甜蜜蜜 there: accepted', async () => {
    const v = await walkAsVlmAgent(graph, task, path, DEFAULT_MATCH_OPTIONS, targets, undefined, undefined, controlsOf);
    expect(v.accepted).toBe(true);
  });

  it('without them the phone’s point stands, on another song of the recorded results: refused', async () => {
    expect((await walkAsVlmAgent(graph, task, path, DEFAULT_MATCH_OPTIONS, targets)).accepted).toBe(false);
  });
});
