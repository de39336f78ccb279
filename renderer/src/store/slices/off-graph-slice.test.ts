import { beforeEach, describe, expect, it } from 'vitest';
import type { BranchStartDto } from '../../../../shared/api/index.js';
import type { OffGraphOccurrence, OffGraphReport } from '../../../../shared/domain/off-graph.js';
import { createFakeApi } from '../../test/fake-api.js';
import { answerInit, runRow } from '../../test/fixtures.js';
import { createAppStore } from '../app-store.js';
import { openGroup } from './off-graph-slice.js';

const fake = createFakeApi();
let store: ReturnType<typeof createAppStore>;

const occurrence: OffGraphOccurrence = {
  runId: 'r1',
  taskId: 't',
  agent: 'a',
  step: 1,
  action: { type: 'Tap', at: { x: 500, y: 529 } },
  node: 'n1',
  graphVersion: 1,
  observationBlob: 'shot',
  nearest: { edge: 'e2', reason: '378px from the demonstrated point', distancePx: 378, similarity: null },
  result: { success: false, exit: 'off_graph' },
};
const report = (decided = 0): OffGraphReport => ({
  runId: 'r1',
  total: 1,
  decided,
  tasks: [
    {
      taskId: 't',
      instruction: 'the display settings',
      scoredVersions: [1],
      latestVersion: decided ? 2 : 1,
      occurrences: 1,
      nodes: [
        {
          node: 'n1',
          page: 'Settings',
          screenshotBlob: 'shot',
          screen: { width: 1080, height: 2400 },
          anchor: { demonstrationId: 1, idx: 1 },
          groups: [
            { key: 'k', description: 'Tap "Accessibility"', target: null, occurrences: [occurrence], agents: ['a'], decision: null },
          ],
        },
      ],
    },
  ],
});
const branch: BranchStartDto = {
  demonstration: {
    id: 7,
    taskId: 't',
    deviceSerial: 'vphone-1',
    status: 'recording',
    note: '',
    startedAt: '',
    finishedAt: null,
    steps: [],
  },
  decision: {
    id: 3,
    kind: 'branch',
    taskId: 't',
    source: { runId: 'r1', agent: 'a', step: 1 },
    anchor: { demonstrationId: 1, idx: 1 },
    action: occurrence.action,
    target: null,
    screen: { width: 1080, height: 2400 },
    demonstrationId: 7,
    note: '',
    createdAt: '',
  },
  replayed: 1,
  arrived: { same: true, reason: 'the phone showed the page of n1' },
};

describe('the off-graph slice', () => {
  beforeEach(async () => {
    fake.reset();
    store = createAppStore(fake.api);
    answerInit(fake, [runRow('r1')]);
    fake.answer('offGraph', 'list', () => report());
    await store.getState().init();
    await store.getState().openOffGraph('r1');
  });

  it("lists a run's off-graph actions and finds the open group again in each new report", () => {
    store.getState().pickOffGraph({ taskId: 't', node: 'n1', key: 'k' });
    const s = store.getState();
    expect(openGroup(s.offGraph, s.offGraphPick)?.group.description).toBe('Tap "Accessibility"');
    expect(openGroup(s.offGraph, { taskId: 't', node: 'n1', key: 'other' })).toBeNull();
  });

  it('a replayed branch becomes the open demonstration, so the Record screen continues it', async () => {
    fake.answer('offGraph', 'replay', () => branch);
    await store.getState().replayOffGraph(occurrence, 'vphone-1');
    expect(fake.calls('offGraph', 'replay')).toEqual([
      [{ runId: 'r1', taskId: 't', agent: 'a', step: 1, serial: 'vphone-1', allowSideEffects: true }],
    ]);
    expect(store.getState().branch).toEqual(branch);
    expect(store.getState().demonstration?.id).toBe(7);
  });

  it('marking wrong reads the report again; a graph change from elsewhere (a branch finished) does too', async () => {
    fake.answer('offGraph', 'markWrong', () => ({ decision: { ...branch.decision, kind: 'wrong' }, summary: {} as never, attached: true }));
    fake.answer('graphs', 'list', () => []);
    await store.getState().markOffGraphWrong(occurrence, 'no');
    expect(fake.calls('offGraph', 'markWrong')).toEqual([[{ runId: 'r1', taskId: 't', agent: 'a', step: 1, note: 'no' }]]);
    expect(fake.calls('offGraph', 'list')).toHaveLength(2);
    fake.answer('offGraph', 'list', () => report(1));
    fake.emit('system', 'onDataChanged', { table: 'graphs' });
    await expect.poll(() => store.getState().offGraph?.decided).toBe(1);
  });

  it('a refused replay says why and leaves nothing half-open', async () => {
    fake.answer('offGraph', 'replay', () => Promise.reject(new Error('replaying step 1 of demonstration 1 on vphone-1 failed')));
    await store.getState().replayOffGraph(occurrence, 'vphone-1');
    expect(store.getState().notice).toMatchObject({ kind: 'error', text: expect.stringMatching(/Replay failed: replaying step 1/) });
    expect(store.getState().branch).toBeNull();
    expect(store.getState().offGraphBusy).toBe(false);
  });
});
