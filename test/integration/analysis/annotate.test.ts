import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkspaceStore } from '../../../electron/adapters/db/workspace-store.js';
import { annotateSet, completionPort } from '../../../electron/services/analysis/annotate.js';
import { importTaskFile } from '../../../electron/services/workspace/tasks-service.js';
import { runCli } from '../../support/cli.js';
import { STARTER_TASKS } from '../../support/fixtures.js';
import { MockLlmServer } from '../../support/mock-llm-server.js';
import { useTempDirs } from '../../support/temp-dir.js';

describe('LLM-assisted annotation against a mock model', () => {
  const tmp = useTempDirs();
  let server: MockLlmServer | undefined;
  afterEach(async () => server?.close());

  it("puts the model's labels beside the human ones, reads bad answers as failures, and reports agreement", async () => {
    const ws = WorkspaceStore.open(tmp());
    await importTaskFile(ws, { file: STARTER_TASKS });
    // Tasks come sorted by id: phone-block-number (Compound / Referential Ambiguity), settings-font-bigger (Elliptical / Indirect Speech).
    server = await MockLlmServer.start([
      { kind: 'reply', content: '{"syntactic": "Compound", "semantic": "Referential Ambiguity", "verbs": ["block"]}' },
      { kind: 'reply', content: 'I think this one is indirect.' },
    ]);
    const port = completionPort({ name: 'judge', adapter: 'vlm', baseUrl: server.baseUrl, model: 'm', retries: 0 });
    const out = await annotateSet(ws, undefined, port);
    expect(out.outcomes.map((o) => o.ok)).toEqual([true, false]);
    expect(out.agreement).toMatchObject({ compared: 1, averagePercentAgreement: 1 });
    const rows = out.tables[0]!.rows;
    expect(rows[0]).toMatchObject({ id: 'phone-block-number', llmSem: 'Referential Ambiguity', note: '' });
    expect(rows[1]).toMatchObject({ id: 'settings-font-bigger', llmSem: null });
    expect(server.requests[0]!.roles).toEqual(['system', 'user']);
    ws.close();
  });

  it(
    "stores the model's verbs as proposals; once a person accepts or edits every one, Table 5 counts them and says so",
    { timeout: 180_000 },
    async () => {
      const dir = tmp();
      const ws = WorkspaceStore.open(dir);
      await importTaskFile(ws, { file: STARTER_TASKS });
      server = await MockLlmServer.start([
        { kind: 'reply', content: '{"syntactic": "Compound", "semantic": "Referential Ambiguity", "verbs": ["block", "keeps calling"]}' },
        { kind: 'reply', content: '{"syntactic": "Elliptical", "semantic": "Indirect Speech", "verbs": []}' },
      ]);
      const port = completionPort({ name: 'annotator', adapter: 'vlm', baseUrl: server.baseUrl, model: 'm', retries: 0 });
      await annotateSet(ws, undefined, port, undefined, 'm');
      ws.close();

      const cli = (...args: string[]) => runCli(['--workspace', dir, ...args]);
      const listed = JSON.parse(cli('--json', 'analyze', 'verbs').stdout) as {
        taskId: string;
        proposed: string[];
        status: string;
        source: string;
      }[];
      expect(listed.map((r) => [r.taskId, r.proposed, r.status, r.source])).toEqual([
        ['phone-block-number', ['block', 'keeps calling'], 'proposed', 'pos'],
        ['settings-font-bigger', [], 'proposed', 'pos'],
      ]);
      // Proposals alone do not count: Table 5 stays on the labelled POS fallback.
      const before = JSON.parse(cli('--json', 'analyze', 'linguistics').stdout) as {
        tables: { rows: Record<string, unknown>[]; notes: string[] }[];
      };
      expect(before.tables[0]!.rows[0]).toMatchObject({ verbSource: 'POS fallback' });

      // A person edits one (the second verb is not an operation) and accepts the other as proposed.
      expect(cli('analyze', 'verbs', '--accept', 'phone-block-number', '--verbs', 'block').code).toBe(0);
      expect(cli('analyze', 'verbs', '--accept', 'settings-font-bigger', '--verbs', '').code).toBe(0);
      const after = JSON.parse(cli('--json', 'analyze', 'linguistics').stdout) as {
        tables: { rows: Record<string, unknown>[]; notes: string[] }[];
      };
      expect(after.tables[0]!.rows[0]).toMatchObject({ verbSource: 'annotated', meanVerbs: 0.5 });
      expect(after.tables[0]!.notes[0]).toMatch(/annotated core operational verbs \(2 checked in the Analysis screen\)/);
      const rows = JSON.parse(cli('--json', 'analyze', 'verbs').stdout) as { taskId: string; status: string; source: string }[];
      expect(rows.map((r) => [r.status, r.source])).toEqual([
        ['edited', 'checked'],
        ['accepted', 'checked'],
      ]);
      expect(cli('analyze', 'verbs', '--accept', 'nope', '--verbs', 'x').stderr).toMatch(/no task "nope"/);
    },
  );

  it('`tasks sample` keeps the semantic shares and is reproducible under a seed', () => {
    const ws = tmp();
    expect(runCli(['--workspace', ws, 'tasks', 'import', join(STARTER_TASKS, '..', '..', 'sample', 'tasks.json')]).code).toBe(0);
    const a = join(tmp(), 'a.json');
    const b = join(tmp(), 'b.json');
    expect(runCli(['--workspace', ws, 'tasks', 'sample', '--size', '20', '--seed', '7', '--out', a]).code).toBe(0);
    expect(runCli(['--workspace', ws, 'tasks', 'sample', '--size', '20', '--seed', '7', '--out', b]).code).toBe(0);
    expect(readFileSync(a, 'utf8')).toBe(readFileSync(b, 'utf8'));
    const tasks = (JSON.parse(readFileSync(a, 'utf8')) as { tasks: { annotations: { semantic: string } }[] }).tasks;
    expect(tasks.filter((t) => t.annotations.semantic === 'Under-specification')).toHaveLength(8);
    expect(runCli(['tasks', 'validate', a]).code).toBe(0);
  });
});
