import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Backend } from '../../../electron/services/backend.js';
import { FORMAT_REPLIES, MockLlmServer } from '../../support/mock-llm-server.js';
import type { MockReply, RecordedRequest } from '../../support/mock-llm-server.js';
import { settingsWorkspace } from '../../support/record-script.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';
import { cliToEnd } from '../../support/cli-process.js';

// The two offline tasks of test/fixtures/tasks/settings-runs.json, told apart by their instruction in the prompt.
const REFUSED = 'the display settings'; // off-display
const SILENT = 'where do I change the sound'; // off-sound

const mentions = (req: RecordedRequest, text: string): boolean => req.text.includes(text);

interface BehaviourRow {
  agent: string;
  mode: string;
  tasks: number;
  scored: number;
  unresolved: number;
}
interface Report {
  runId: string;
  unresolvedWarning: string | null;
  tables: { id: string; title: string; rows: Record<string, unknown>[]; notes: string[] }[];
  results: { taskId: string; exit: string; success: boolean }[];
}

describe('honest scoring through the CLI (a scripted OpenAI-compatible endpoint)', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();
  let server: MockLlmServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  /** The real `elderbench` binary as a child process (not spawnSync: the mock server lives in this process). */
  function cli(ws: string, args: string[]): Promise<{ code: number | string; stdout: string; stderr: string }> {
    return cliToEnd(['--workspace', ws, ...args], { ELDERBENCH_USER_DATA: tmp() });
  }

  it(
    "a refused task is the agent's failure; a never-answered one stays in N as unresolved until run --resume resolves it",
    { timeout: 180_000 },
    async () => {
      const { ws, backend } = await settingsWorkspace(tmp, phones);
      backend.close();

      server = await MockLlmServer.start();
      const mock = server;
      // Refuse one task with HTTP 400 (context too long), never answer the other.
      mock.route = (req): MockReply | undefined => {
        if (mentions(req, REFUSED))
          return { kind: 'status', status: 400, body: '{"error":{"code":"context_length_exceeded","message":"context too long"}}' };
        if (mentions(req, SILENT)) return { kind: 'timeout' };
        return undefined;
      };
      writeFileSync(
        join(ws, 'agents.json'),
        JSON.stringify({
          agents: [{ name: 'mock-vlm', adapter: 'vlm', baseUrl: mock.baseUrl, model: 'mock', timeoutMs: 1000, retries: 1 }],
        }),
      );

      const first = await cli(ws, ['--json', 'run', '--mode', 'offline', '--agent', 'mock-vlm', '--tasks', 'off-*']);
      expect(first.code, first.stderr).toBe(0);
      const runId = (JSON.parse(first.stdout) as { runId: string }).runId;
      const refusedCalls = mock.requests.filter((r) => mentions(r, REFUSED)).length;
      expect(refusedCalls).toBe(1); // a refusal is not retried
      expect(mock.requests.filter((r) => mentions(r, SILENT))).toHaveLength(2); // the client's retry, then infrastructure

      const before = await cli(ws, ['--json', 'report', runId]);
      expect(before.code, before.stderr).toBe(0);
      const r1 = JSON.parse(before.stdout) as Report;
      expect(Object.fromEntries(r1.results.map((r) => [r.taskId, r.exit]))).toEqual({
        'off-display': 'model_refused',
        'off-sound': 'infra_error',
      });
      const b1 = r1.tables.find((t) => t.id === 'run-behaviour')!.rows[0] as unknown as BehaviourRow;
      expect(b1).toMatchObject({ agent: 'mock-vlm', mode: 'offline', tasks: 2, scored: 1, unresolved: 1 });
      const t2 = r1.tables.find((t) => t.id === 'table2-results')!;
      expect(t2.rows[0]).toMatchObject({ offline_sr: 0, unresolved: 1 });
      expect(t2.notes[0]).toMatch(/^Warning: 1 result\(s\) are unresolved/);
      expect(t2.notes[0]).toContain(`elderbench run --resume ${runId}`);
      expect(r1.unresolvedWarning).toBe(t2.notes[0]);

      // The labelled other view leaves the unresolved task out.
      const other = JSON.parse((await cli(ws, ['--json', 'report', runId, '--exclude-unresolved'])).stdout) as Report;
      expect(other.tables.find((t) => t.id === 'table2-results')!.title).toMatch(/unresolved results EXCLUDED/);

      // The endpoint is healthy again: the agent finishes at once (a real result: finished, not on a DONE node).
      mock.route = () => ({ kind: 'reply', content: FORMAT_REPLIES.vlm[2]! });
      const resumed = await cli(ws, ['run', '--resume', runId]);
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(mock.requests.filter((r) => mentions(r, REFUSED))).toHaveLength(refusedCalls); // resolved: not re-run

      const after = JSON.parse((await cli(ws, ['--json', 'report', runId])).stdout) as Report;
      expect(Object.fromEntries(after.results.map((r) => [r.taskId, r.exit]))).toEqual({
        'off-display': 'model_refused',
        'off-sound': 'finished',
      });
      const b2 = after.tables.find((t) => t.id === 'run-behaviour')!.rows[0] as unknown as BehaviourRow;
      expect(b2).toMatchObject({ tasks: 2, scored: 2, unresolved: 0 });
      expect(b2.scored).toBe(b2.tasks);
      expect(after.unresolvedWarning).toBeNull();
      expect(after.tables.find((t) => t.id === 'table2-results')!.notes.join(' ')).not.toMatch(/Warning/);

      // The attempt history is kept with the new result.
      const check = new Backend({ workspace: ws, userDataDir: tmp() });
      const sound = check.workspace.runs.results(runId).find((r) => r.taskId === 'off-sound')!;
      expect((sound.details as { previousAttempts?: { exit: string; reason: string }[] }).previousAttempts).toEqual([
        expect.objectContaining({ exit: 'infra_error', reason: expect.stringMatching(/no answer within 1000 ms/) }),
      ]);
      check.close();
    },
  );
});
