import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRun, runToEnd } from '../../../electron/services/runs/run-lifecycle.js';
import { MockLlmServer } from '../../support/mock-llm-server.js';
import { settingsWorkspace } from '../../support/record-script.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';

/**
 * Each model-backed adapter drives a complete online task on the virtual phone: open Settings
 * (launcher icon at ≈ (875, 545) of 1000), tap Display (≈ (500, 293)), finish — each reply in
 * the model's own format and coordinate space — and the rule judge passes.
 */
const REPLIES: Record<string, { config: Record<string, unknown>; replies: string[] }> = {
  autoglm: {
    config: { adapter: 'autoglm', variant: 'cn' },
    replies: [
      '<think>打开设置</think><answer>do(action="Tap", element=[875,545])</answer>',
      '<think>点显示</think><answer>do(action="Tap", element=[500,293])</answer>',
      '<think>好了</think><answer>finish(message="已打开显示设置")</answer>',
    ],
  },
  'uitars-doubao': {
    config: { adapter: 'uitars', variant: 'doubao' },
    replies: [
      "Thought: Open Settings.\nAction: click(point='<point>875 545</point>')",
      "Thought: Display.\nAction: click(point='<point>500 293</point>')",
      "Thought: Done.\nAction: finished(content='Display settings are open.')",
    ],
  },
  guiowl: {
    config: { adapter: 'guiowl', variant: '1.5' },
    replies: [
      'Action: Open Settings.\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "click", "coordinate": [875, 545]}}\n</tool_call>',
      'Action: Display.\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "click", "coordinate": [500, 293]}}\n</tool_call>',
      'Action: Done.\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "terminate", "status": "success"}}\n</tool_call>',
    ],
  },
  uivenus: {
    config: { adapter: 'uivenus', variant: '1.5' },
    replies: [
      '<think>Settings icon.</think>\n<action>Click(box=(875,545))</action>\n<conclusion>Opened Settings.</conclusion>',
      '<think>Display row.</think>\n<action>Click(box=(500,293))</action>\n<conclusion>Opened Display.</conclusion>',
      "<think>Done.</think>\n<action>Finished(content='')</action>\n<conclusion>Done.</conclusion>",
    ],
  },
  'qwen-vl': {
    config: { adapter: 'qwen-vl', variant: '3' },
    replies: [
      'Thought: Settings.\nAction: "Open Settings."\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "click", "coordinate": [874, 544]}}\n</tool_call>',
      'Thought: Display.\nAction: "Tap Display."\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "click", "coordinate": [500, 293]}}\n</tool_call>',
      'Thought: Done.\nAction: "Finish."\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "terminate", "status": "success"}}\n</tool_call>',
    ],
  },
  vlm: {
    config: { adapter: 'vlm' },
    replies: [
      'Thought: Settings.\n{"action": "tap", "point": [875, 545]}',
      'Thought: Display.\n{"action": "tap", "point": [500, 293]}',
      'Thought: Done.\n{"action": "finish", "status": "success", "message": "Display settings are open."}',
    ],
  },
};

describe('every model-backed adapter completes an online task on the virtual phone (mock model server)', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();
  let server: MockLlmServer | undefined;
  afterEach(async () => server?.close());

  it('opens Display settings with each adapter, judged by the rule checks', async () => {
    const names = Object.keys(REPLIES);
    // One device runs the agents one after another, so one scripted server serves them in order.
    server = await MockLlmServer.start(names.flatMap((n) => REPLIES[n]!.replies.map((content) => ({ kind: 'reply' as const, content }))));
    const { ws, backend } = await settingsWorkspace(tmp, phones);
    writeFileSync(
      join(ws, 'agents.json'),
      JSON.stringify({
        agents: names.map((n) => ({ name: `mock-${n}`, ...REPLIES[n]!.config, baseUrl: server!.baseUrl, model: `model-${n}`, retries: 0 })),
      }),
    );
    const deps = { store: () => backend.workspace, devices: backend.devices, log: () => {} };
    const runId = createRun(deps, { mode: 'online', agents: names.map((n) => `mock-${n}`), taskIds: ['on-display'] }).runId;
    await runToEnd(deps, runId);

    const results = backend.workspace.runs.results(runId);
    expect(Object.fromEntries(results.map((r) => [r.agent, `${r.success} ${r.exitCategory}`]))).toEqual(
      Object.fromEntries(names.map((n) => [`mock-${n}`, 'true finished'])),
    );
    expect(server.remaining).toBe(0);
    // Every request carried the screenshot; models saw the conversation their adapter builds.
    expect(server.requests).toHaveLength(names.length * 3);
    expect(server.requests.every((r) => r.imageCount >= 1)).toBe(true);
    expect(new Set(server.requests.map((r) => r.body.model))).toEqual(new Set(names.map((n) => `model-${n}`)));
    // Tokens reported by the provider are recorded per step (MCM).
    const steps = backend.workspace.runs.steps({ runId, taskId: 'on-display', agent: 'mock-autoglm', mode: 'online' });
    expect(steps[0]!.usage).toMatchObject({ prompt_tokens: 1200, completion_tokens: 80 });
    backend.close();
  });
});
