import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, field, id, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * Another query submitted where the results stand on a search page of their own, then Back: the store's first page
 * shows its own controls again, the query only in its box, so a category there opens as a demonstration recorded it
 * with the box empty, and what that category lists is no result of the query (held-out set AW: 医院 searched, nothing
 * found, Back, the category 医疗健康, 挂号网 there, 安装). Submitted again, its results are judged by the query as before.
 */
describe('a search left for a category route', () => {
  const box = b(40, 150, 1040, 280);
  const category = b(0, 400, 1080, 550);
  const first = b(0, 300, 1080, 450);
  const second = b(0, 450, 1080, 600);
  const install = b(700, 300, 1040, 420);
  const home = (query: string) =>
    page(
      '应用商店',
      field(query, '搜索应用', box, { resourceId: id('search') }),
      button('医疗健康', category, { resourceId: id('category') }),
    );
  const results = (query: string) => page(query, button('挂号网', first, { resourceId: id('app') }));
  const listed = page(
    '医疗健康',
    button('挂号网', first, { resourceId: id('app') }),
    button('健康档案', second, { resourceId: id('app') }),
  );
  const details = (state: string) => page('挂号网', button(state, install, { resourceId: id('install') }));
  const end = [
    { ui: details('安装'), action: tapAt(install), activity: 'DetailsActivity' },
    { ui: details('已安装'), action: null, activity: 'DetailsActivity' },
  ];
  const graph = graphOf([
    demoOf(1, [
      { ui: home(''), action: tapAt(box) },
      { ui: home(''), action: { type: 'Type', text: '挂号' } },
      { ui: home('挂号'), action: { type: 'Enter' } },
      { ui: results('挂号'), action: tapAt(first), activity: 'SearchActivity' },
      ...end,
    ]),
    demoOf(2, [{ ui: home(''), action: tapAt(category) }, { ui: listed, action: tapAt(first), activity: 'CategoryActivity' }, ...end]),
  ]);
  const searched = (query: string): Action[] => [tapAt(box), { type: 'Type', text: query, submit: true }];

  it('searched, Back, the category, the app there installed: accepted', () => {
    const r = walkPath(graph, [...searched('医院'), { type: 'Back' }, tapAt(category), tapAt(first), tapAt(install)]);
    expect(r.reason).toContain('reached DONE');
    expect(r.accepted).toBe(true);
  });

  it('the other app of the category installed: refused', () => {
    expect(walkPath(graph, [...searched('医院'), { type: 'Back' }, tapAt(category), tapAt(second), tapAt(install)]).accepted).toBe(false);
  });

  it('back from the category and the query submitted again: its results are judged by the query', () => {
    const r = walkPath(graph, [
      ...searched('体检'),
      { type: 'Back' },
      tapAt(category),
      { type: 'Back' },
      tapAt(box),
      { type: 'Enter' },
      tapAt(first),
      tapAt(install),
    ]);
    expect(r.accepted).toBe(false);
    expect(r.reason).toContain('is not named by the query "体检"');
  });

  it('searched and Back, then Finish: nothing installed', () => {
    expect(walkPath(graph, [...searched('医院'), { type: 'Back' }]).accepted).toBe(false);
  });
});
