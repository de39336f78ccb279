import { describe, expect, it } from 'vitest';
import type { ExploreTaskResult, ExploredPath } from '../../../../shared/domain/graph-explore.js';
import { unshownPagesOf } from './explore-runner.js';

/** The pages to record, from exploration's refusals where the run could not show the phone's page. */
describe('unshownPagesOf', () => {
  const path = (kind: ExploredPath['kind'], verdict: ExploredPath['verdict'], unshownPage?: string): ExploredPath => ({
    id: 'r',
    intent: 'right',
    kind,
    description: '',
    actions: [],
    windows: [],
    phone: { pass: true, reason: '' },
    offline: { accepted: verdict === 'agree', exit: '', reason: '', ...(unshownPage ? { unshown: true, unshownAfter: 1 } : {}) },
    ...(unshownPage ? { unshownPage } : {}),
    verdict,
    withinBound: true,
  });
  const task = (taskId: string, disagreements: ExploredPath[]): ExploreTaskResult => ({ taskId, disagreements }) as ExploreTaskResult;

  it('groups refusals by page, most first, with the same-route ones and the tasks; side effects and other refusals left out', () => {
    const pages = unshownPagesOf([
      task('clock-alarm-six', [
        path('back-and-forth', 'false-reject', 'clock.alarm_edit'),
        path('other-route', 'false-reject', 'clock.alarm_edit'),
        path('side-effect', 'false-reject', 'clock.alarm_edit'),
        path('back-and-forth', 'false-reject'),
      ]),
      task('clock-pills-evening', [path('overshoot-and-correct', 'false-reject', 'clock.alarm_edit')]),
      task('music-pause', [path('field-order', 'false-reject', 'music.player')]),
    ]);
    expect(pages).toEqual([
      { page: 'clock.alarm_edit', refused: 3, sameRoute: 2, tasks: ['clock-alarm-six', 'clock-pills-evening'] },
      { page: 'music.player', refused: 1, sameRoute: 1, tasks: ['music-pause'] },
    ]);
  });
});
