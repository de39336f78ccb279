import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkspaceStore } from '../../../electron/adapters/db/workspace-store.js';
import { annotateSet, completionPort } from '../../../electron/services/analysis/annotate.js';
import { importTaskFile } from '../../../electron/services/tasks-service.js';
import { runCli } from '../../support/cli.js';
import { STARTER_TASKS } from '../../support/fixtures.js';
import { MockLlmServer } from '../../support/mock-llm-server.js';
import { useTempDirs } from '../../support/temp-dir.js';

describe('LLM-assisted annotation against a mock model', () => {
  const tmp = useTempDirs();
  let server: MockLlmServer | undefined;
  afterEach(async () => server?.close());

  it('puts the model\'s labels beside the human ones, reads bad answers as failures, and reports agreement', async () => {
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
