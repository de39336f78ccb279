import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../shared/api/index.js';
import type { GraphSummary } from '../../../../shared/domain/graph.js';
import { createFakeApi } from '../../test/fake-api.js';
import { answerInit } from '../../test/fixtures.js';
import { createAppStore } from '../app-store.js';

const fake = createFakeApi();
let store: ReturnType<typeof createAppStore>;
const state = () => store.getState();

/** The jobs the window now does itself: import a task file, build graphs in a batch, start the virtual phone. */
describe('window jobs in the store', () => {
  beforeEach(async () => {
    fake.reset();
    store = createAppStore(fake.api);
    answerInit(fake);
    await state().init();
  });

  it('imports a picked file, and keeps every invalid field when the backend refuses it', async () => {
    fake.answer('tasks', 'importContent', ({ fileName }) => {
      if (fileName === 'bad.json')
        throw new ApiError('bad_request', 'bad.json: 2 problems', [
          { path: 'tasks[1].mode', message: 'must be online or offline' },
          { path: 'tasks[2].id', message: 'duplicate id' },
        ]);
      return { taskSet: 'set', file: fileName, imported: 3, replaced: 0, warnings: [] };
    });
    await state().importTasks({ fileName: 'bad.json', content: '{}', replace: false });
    expect(state().taskImport).toEqual({
      ok: false,
      fileName: 'bad.json',
      message: 'bad.json: 2 problems',
      issues: [
        { path: 'tasks[1].mode', message: 'must be online or offline' },
        { path: 'tasks[2].id', message: 'duplicate id' },
      ],
    });
    const listed = fake.calls('tasks', 'list').length;
    await state().importTasks({ fileName: 'good.json', content: '{}', replace: true });
    expect(state().taskImport).toMatchObject({ ok: true, report: { imported: 3 } });
    expect(fake.calls('tasks', 'importContent').at(-1)?.[0]).toEqual({ fileName: 'good.json', content: '{}', replace: true });
    expect(fake.calls('tasks', 'list').length).toBe(listed + 1); // the list follows
  });

  it('builds graphs one by one with progress, goes on past a failure, and says how it went', async () => {
    const seen: number[] = [];
    fake.answer('graphs', 'build', ({ taskId }) => {
      seen.push(state().graphJob!.done);
      if (taskId === 'b') throw new Error('task b has no finished demonstrations');
      return { taskId } as GraphSummary;
    });
    fake.answer('graphs', 'list', () => []);
    await state().buildGraphs(['a', 'b', 'c']);
    expect(seen).toEqual([0, 1, 2]);
    expect(fake.calls('graphs', 'build').map(([i]) => i.taskId)).toEqual(['a', 'b', 'c']);
    expect(state().graphJob).toBeNull();
    expect(state().notice).toEqual({ text: 'Built 2 of 3 graphs; 1 failed: b (task b has no finished demonstrations)', kind: 'error' });
  });

  it('starts the virtual phone and lists the devices again', async () => {
    fake.answer('devices', 'startVirtualPhone', ({ locale }) => ({
      running: true,
      server: '127.0.0.1:4000',
      serials: ['vphone-1'],
      locale: locale ?? 'zh',
    }));
    fake.answer('devices', 'list', () => ({
      server: '127.0.0.1:5037,127.0.0.1:4000',
      reachable: true,
      problem: null,
      devices: [{ serial: 'vphone-1', state: 'device', model: 'vPhone', product: 'vphone', server: '127.0.0.1:4000' }],
    }));
    await state().startVirtualPhone({ count: 1, locale: 'en' });
    expect(state().virtualPhone).toMatchObject({ running: true, locale: 'en' });
    expect(state().selectedSerial).toBe('vphone-1');
    expect(state().connecting).toBeNull();
  });
});
