import { describe, expect, it } from 'vitest';
import { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { STARTER_TASKS } from '../../../test/support/fixtures.js';
import { useTempDirs } from '../../../test/support/temp-dir.js';
import { importTaskFile } from '../workspace/tasks-service.js';
import { acceptVerbs, verbRows } from './annotate.js';

describe("verb annotations: proposal, a person's decision, and which counts", () => {
  const tmp = useTempDirs();

  it("a new proposal keeps the person's decision; a changed instruction voids both", async () => {
    const ws = WorkspaceStore.open(tmp());
    await importTaskFile(ws, { file: STARTER_TASKS });
    const id = 'settings-font-bigger';
    const instruction = ws.tasks.get(id)!.instruction;
    ws.verbAnnotations.propose(id, instruction, ['看'], 'model-a');
    expect(verbRows(ws, undefined).find((r) => r.taskId === id)).toMatchObject({ status: 'proposed', source: 'pos', proposed: ['看'] });
    expect(acceptVerbs(ws, id, [])).toMatchObject({ status: 'edited', accepted: [], source: 'checked' });
    ws.verbAnnotations.propose(id, instruction, ['调大'], 'model-b');
    expect(verbRows(ws, undefined).find((r) => r.taskId === id)).toMatchObject({
      proposed: ['调大'],
      accepted: [],
      status: 'edited',
      source: 'checked',
    });
    expect(acceptVerbs(ws, id, ['调大'])).toMatchObject({ status: 'accepted', accepted: ['调大'] });
    // The task's wording changes (re-imported): an annotation of the old wording does not count.
    const t = ws.tasks.get(id)!;
    ws.tasks.importSet({ name: 'starter', sourceFile: '-', sourceHash: '-' }, [{ ...t, instruction: '声音太小了' }], true);
    expect(verbRows(ws, undefined).find((r) => r.taskId === id)).toMatchObject({ status: 'none', accepted: null, source: 'pos' });
    ws.close();
  });
});
