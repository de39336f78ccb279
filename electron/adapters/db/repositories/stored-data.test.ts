import { describe, expect, it, vi } from 'vitest';
import { useTempDirs } from '../../../../test/support/temp-dir.js';
import { validTask } from '../../../../test/support/fixtures.js';
import { TaskSchema } from '../../../../shared/schemas/task.js';
import { WorkspaceStore } from '../workspace-store.js';
import { StoredDataError, readEach } from './json.js';

const SET = { name: 's', sourceFile: '/x.json', sourceHash: 'h' };

/** JSON columns are read with their schemas: a value the app never writes is named (table, row, field), not cast. */
describe('stored JSON checked on read', () => {
  const tmp = useTempDirs();

  it('a task body that is not a task names the table, the row and the field', () => {
    const ws = WorkspaceStore.open(tmp());
    try {
      ws.tasks.importSet(SET, [TaskSchema.parse(validTask({ id: 'a' }))], false);
      expect(ws.tasks.get('a')?.id).toBe('a');
      ws.db.prepare("UPDATE tasks SET body = json_set(body, '$.mode', 'sideways') WHERE id = 'a'").run();
      expect(() => ws.tasks.get('a')).toThrow(StoredDataError);
      expect(() => ws.tasks.get('a')).toThrow(/table tasks, row a, field body: mode: /);
      ws.db.prepare("UPDATE tasks SET body = '{not json' WHERE id = 'a'").run();
      expect(() => ws.tasks.get('a')).toThrow(/table tasks, row a, field body: not JSON/);
    } finally {
      ws.close();
    }
  });

  it('a list goes on past a damaged row and reports it', () => {
    const ws = WorkspaceStore.open(tmp());
    try {
      ws.tasks.importSet(
        SET,
        ['a', 'b'].map((id) => TaskSchema.parse(validTask({ id }))),
        false,
      );
      ws.verbAnnotations.accept('a', '字太小了', ['调大']);
      ws.verbAnnotations.accept('b', '声音太小', ['调高']);
      ws.db.prepare(`UPDATE verb_annotations SET accepted = '[1, 2]' WHERE task_id = 'a'`).run();
      const report = vi.fn();
      const rows = readEach(
        ws.db.prepare('SELECT task_id FROM verb_annotations ORDER BY task_id').all() as { task_id: string }[],
        (r) => {
          const got = ws.verbAnnotations.get(r.task_id);
          return got?.taskId;
        },
        report,
      );
      expect(rows).toEqual(['b']);
      expect(report).toHaveBeenCalledTimes(1);
      expect(String(report.mock.calls[0]![0].message)).toMatch(/table verb_annotations, row a, field accepted: 0: /);
    } finally {
      ws.close();
    }
  });
});
