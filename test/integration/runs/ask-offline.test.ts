import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import { Backend } from '../../../electron/services/backend.js';
import { createRun, runToEnd } from '../../../electron/services/runs/run-lifecycle.js';
import type { RecordedRequest } from '../../support/mock-llm-server.js';
import { MockLlmServer } from '../../support/mock-llm-server.js';
import { prepareSettingsWorkspace } from '../../support/record-script.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';
import { textOf } from '../agents/helpers.js';

/**
 * Offline, a question does not move the agent in the task graph and is not an off-graph step
 * (even with --off-graph fail); answered, the agent goes on from the same node to DONE.
 */
describe('asking the user offline', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();
  let server: MockLlmServer | null = null;
  afterEach(async () => server?.close());

  it('AskUser stays on the node, is not off-graph, and the answered agent still reaches DONE', { timeout: 180_000 }, async () => {
    const phone = await phones({ locale: 'en' });
    const ws = tmp();
    const backend = new Backend({ workspace: ws, userDataDir: tmp(), adbServer: `127.0.0.1:${phone.port}` });
    try {
      await prepareSettingsWorkspace(backend);
      const t = backend.workspace.tasks.get('off-display')!;
      backend.workspace.tasks.importSet(
        { name: 'settings-runs', sourceFile: '-', sourceHash: '-' },
        [
          {
            ...t,
            user: {
              persona: 'An 80-year-old who finds menus confusing.',
              facts: ['wants the screen settings'],
              answers: [{ when: [], say: 'The screen settings, dear.' }],
            },
          },
        ],
        true,
      );
      const graph = backend.workspace.graphs.latest('off-display')!.body as TaskGraph;
      // The demonstrated path from the start node to a DONE node (the first demonstration's edges).
      const demo = graph.edges.find((e) => e.from === graph.startNode)!.demonstrations[0]!;
      const path: TaskGraph['edges'] = [];
      for (
        let at = graph.startNode, e;
        (e = graph.edges.find((x) => x.from === at && x.demonstrations.includes(demo) && !path.includes(x)));
        at = e.to
      )
        path.push(e);
      const taps = path.map((e) => e.action);
      server = await MockLlmServer.start();
      server.route = (req: RecordedRequest) => {
        const text = textOf(req.messages.at(-1)!.content);
        const done = (text.match(/^\d+\. /gm) ?? []).length;
        if (done === 0)
          return { kind: 'reply', content: 'Thought: which settings?\n{"action": "ask_user", "message": "Which settings do you mean?"}' };
        const a = taps[done - 1];
        if (!a) return { kind: 'reply', content: 'Thought: done.\n{"action": "finish", "status": "success", "message": "ok"}' };
        return {
          kind: 'reply',
          content: `Thought: go.\n${JSON.stringify(a.type === 'Tap' ? { action: 'tap', point: [a.at.x, a.at.y] } : { action: 'back' })}`,
        };
      };
      writeFileSync(
        join(ws, 'agents.json'),
        JSON.stringify({ agents: [{ name: 'mock-vlm', adapter: 'vlm', baseUrl: server.baseUrl, model: 'm', retries: 0 }] }),
      );
      const deps = { store: () => backend.workspace, devices: backend.devices, log: () => {} };
      const runWith = async (user: 'none' | 'scripted') => {
        const { runId } = createRun(deps, { mode: 'offline', agents: ['mock-vlm'], taskIds: ['off-display'], offGraph: 'fail', user });
        await runToEnd(deps, runId);
        return {
          result: backend.workspace.runs.results(runId)[0]!,
          steps: backend.workspace.runs.steps({ runId, taskId: 'off-display', agent: 'mock-vlm', mode: 'offline' }),
        };
      };

      const none = await runWith('none');
      expect(none.result).toMatchObject({ exitCategory: 'ask_user', success: false });

      const answered = await runWith('scripted');
      expect(answered.result).toMatchObject({ exitCategory: 'finished', success: true });
      expect(answered.result.details).toMatchObject({
        offGraphErrors: 0,
        path: [graph.startNode, ...path.map((e) => e.to)],
        user: { mode: 'scripted', asks: 1, answered: 1 },
      });
      const [ask, next] = answered.steps;
      expect(ask!.action.type).toBe('AskUser');
      expect(ask!.details).toMatchObject({ node: graph.startNode, user: { answer: 'The screen settings, dear.' } });
      expect(ask!.details.match).toBeUndefined();
      expect(next!.details.node).toBe(graph.startNode); // the question did not move the agent
    } finally {
      backend.close();
    }
  });
});
