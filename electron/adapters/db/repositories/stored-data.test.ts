import { describe, expect, it, vi } from 'vitest';
import { useTempDirs } from '../../../../test/support/temp-dir.js';
import { validTask } from '../../../../test/support/fixtures.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../../shared/domain/graph.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../../../../shared/domain/task-graph.js';
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

  it('a stored graph with a field of the wrong type names the table, the row (with its task and version) and the field', () => {
    const ws = WorkspaceStore.open(tmp());
    try {
      ws.tasks.importSet(SET, [TaskSchema.parse(validTask({ id: 'a' }))], false);
      const signature = { activity: 'p/A', structure: [], structureKey: 'k', anchors: [], widgetState: [], imageHash: null };
      const node = (id: string) => ({
        id,
        signature,
        representative: { demonstrationId: 1, idx: 0, screenshotBlob: null, xmlBlob: null },
        members: [],
        done: id === 'n1',
        flag: null,
      });
      const edge = { id: 'e0', from: 'n0', to: 'n1', action: { type: 'Back' as const }, actionPx: null, target: null };
      const v = ws.graphs.addVersion('a', {
        parentId: null,
        config: { signature: DEFAULT_SIGNATURE_CONFIG, match: DEFAULT_MATCH_OPTIONS },
        body: {
          taskId: 'a',
          config: DEFAULT_SIGNATURE_CONFIG,
          startNode: 'n0',
          nodes: [node('n0'), node('n1')],
          edges: [{ ...edge, screen: { width: 720, height: 1600 }, demonstrations: [1], uses: [[1, 0]] }],
        },
        validation: { selfConsistency: 1, selfReplays: [], leaveOneOut: null, leaveOneOutReplays: [], flaggedNodes: [] },
      });
      expect(ws.graphs.latest('a')?.body.edges[0]?.demonstrations).toEqual([1]);
      ws.db.prepare("UPDATE graphs SET body = json_set(body, '$.edges[0].demonstrations', json('[\"one\"]')) WHERE id = ?").run(v.id);
      expect(() => ws.graphs.latest('a')).toThrow(StoredDataError);
      expect(() => ws.graphs.latest('a')).toThrow(
        new RegExp(`table graphs, row ${v.id} \\(task a, version 1\\), field body: edges\\.0\\.demonstrations\\.0: `),
      );
    } finally {
      ws.close();
    }
  });

  it('run records (manifest, step details, result details) that are not JSON name the table, the row and the field', () => {
    const ws = WorkspaceStore.open(tmp());
    try {
      ws.tasks.importSet(SET, [TaskSchema.parse(validTask({ id: 'a' }))], false);
      ws.runs.create('r1', 'offline', { agents: {} } as unknown as Parameters<typeof ws.runs.create>[2]);
      const key = { runId: 'r1', taskId: 'a', agent: 'replay', mode: 'offline' as const };
      ws.runs.addStep({
        ...key,
        idx: 0,
        observationBlob: null,
        rawOutput: '',
        action: { type: 'Back' },
        details: {},
        timings: {},
        usage: {} as never,
      });
      ws.runs.putResult({ ...key, success: true, exitCategory: 'finished', details: {} });
      expect(ws.runs.steps(key)).toHaveLength(1);
      ws.db.prepare("UPDATE run_steps SET details = '{oops'").run();
      expect(() => ws.runs.steps(key)).toThrow(/table run_steps, row r1\/a\/replay\/offline#0, field details: not JSON/);
      ws.db.prepare("UPDATE run_results SET details = '[1'").run();
      expect(() => ws.runs.results('r1')).toThrow(/table run_results, row r1\/a\/replay\/offline, field details: not JSON/);
      ws.db.prepare("UPDATE runs SET manifest = 'nul'").run();
      expect(() => ws.runs.get('r1')).toThrow(/table runs, row r1, field manifest: not JSON/);
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
