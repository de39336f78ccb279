import { afterEach, describe, expect, it } from 'vitest';
import { toPixels } from '../../../electron/core/geometry/coordinates.js';
import { FORMAT_REPLIES, MockLlmServer } from '../../support/mock-llm-server.js';
import type { MockReply } from '../../support/mock-llm-server.js';
import { imageSizeOf, modelAgent, observation, runSteps, textOf } from './helpers.js';

let server: MockLlmServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});
const replies = (list: readonly string[]): MockReply[] => list.map((content) => ({ kind: 'reply', content }));
async function start(list: readonly string[]): Promise<MockLlmServer> {
  server = await MockLlmServer.start(replies(list));
  return server;
}

describe('AutoGLM against the mock server', () => {
  it('one system message with the date, task first then Screen Info, one image per request, full text history', async () => {
    const s = await start(FORMAT_REPLIES.autoglm);
    const agent = modelAgent({ name: 'a', adapter: 'autoglm', baseUrl: s.baseUrl, model: 'autoglm-phone' });
    const results = await runSteps(agent, 4, await observation(), '声音太小了，我听不见');
    expect(results.map((r) => r.action.type)).toEqual(['LaunchApp', 'Tap', 'Swipe', 'Finish']);
    expect(s.requests).toHaveLength(4);
    s.requests.forEach((req, k) => {
      expect(req.roles).toEqual(['system', ...Array<string[]>(k).fill(['user', 'assistant']).flat(), 'user']);
      expect(req.imageCount).toBe(1);
      expect(req.imagesPerMessage.at(-1)).toBe(1);
      const last = req.messages.at(-1)!.content as { type: string }[];
      expect(last.map((p) => p.type)).toEqual(['image_url', 'text']); // image before text
      expect(req.body).toMatchObject({
        model: 'autoglm-phone',
        temperature: 0,
        top_p: 0.85,
        frequency_penalty: 0.2,
        max_tokens: 3000,
        stream: false,
      });
    });
    expect(textOf(s.requests[0]!.messages[0]!.content)).toMatch(/^今天的日期是: 2026年11月29日 星期日\n/);
    expect(textOf(s.requests[0]!.messages[1]!.content)).toBe('声音太小了，我听不见\n\n{"current_app": "设置"}');
    expect(textOf(s.requests[2]!.messages.at(-1)!.content)).toBe('** Screen Info **\n\n{"current_app": "设置"}');
    expect(s.requests[3]!.messages[2]!.content).toBe('<think>需要先打开设置。</think><answer>do(action="Launch", app="设置")</answer>');
    // Tap [500,420] on 1080×2400 → pixel (540, 1008)
    const tap = results[1]!.action;
    expect(tap.type === 'Tap' && toPixels(tap.at, { width: 1080, height: 2400 })).toEqual({ x: 540, y: 1008 });
    expect(results[0]!.timings.reasoning_ms).toBeGreaterThanOrEqual(0);
    expect(results[0]!.usage).toMatchObject({ prompt_tokens: 1200, completion_tokens: 80, total_tokens: 1280 });
  });
});

describe('UI-TARS against the mock server', () => {
  it('1.5: template in the first user message, client-side smart_resize, last 5 images, every assistant turn kept', async () => {
    const seven = [...FORMAT_REPLIES.uitars.slice(0, 3), ...FORMAT_REPLIES.uitars.slice(0, 3), FORMAT_REPLIES.uitars[3]!];
    const s = await start(seven);
    const agent = modelAgent({ name: 't', adapter: 'uitars', variant: '1.5', baseUrl: s.baseUrl, model: 'ui-tars-1.5-7b' });
    const results = await runSteps(agent, 7, await observation(1080, 2400), 'Turn the volume up');
    expect(results.at(-1)!.action).toEqual({ type: 'Finish', message: 'Volume is up.' });
    expect(results[1]!.sent).toEqual({ width: 1092, height: 2408 });
    expect(results[1]!.action).toEqual({ type: 'Tap', at: { x: 500, y: 75.581 } });
    const r0 = s.requests[0]!;
    expect(r0.roles).toEqual(['system', 'user', 'user']);
    expect(textOf(r0.messages[1]!.content)).toMatch(
      /^You are a GUI agent[\s\S]*Use English in `Thought` part[\s\S]*## User Instruction\nTurn the volume up$/,
    );
    expect(await imageSizeOf(r0.messages[2]!.content)).toEqual({ width: 1092, height: 2408 });
    expect(r0.body).toMatchObject({ temperature: 0, top_p: 0.7, max_tokens: 1000 });
    expect(r0.body).not.toHaveProperty('thinking');
    const r6 = s.requests[6]!; // six earlier steps
    expect(r6.imageCount).toBe(5);
    expect(r6.roles.filter((r) => r === 'assistant')).toHaveLength(6);
    expect(r6.roles).toEqual([
      'system',
      'user',
      'assistant',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
    // box tokens re-inserted into history
    expect(r6.messages.find((m) => m.role === 'assistant' && textOf(m.content).includes('click'))!.content).toContain(
      "click(start_box='<|box_start|>(546,182)<|box_end|>')",
    );
  });

  it('1.5 maps to the right device pixels on 1080×2400, 1440×3200 and 720×1600', async () => {
    const cases: [number, number, string, { x: number; y: number }][] = [
      [1080, 2400, "Action: click(start_box='(546,1204)')", { x: 540, y: 1200 }],
      [1440, 3200, "Action: click(start_box='(714,1596)')", { x: 720, y: 1600 }],
      [720, 1600, "Action: click(start_box='(364,798)')", { x: 360, y: 800 }],
    ];
    const s = await start(cases.map((c) => c[2]));
    for (const [w, h, , px] of cases) {
      const agent = modelAgent({ name: 't', adapter: 'uitars', variant: '1.5', baseUrl: s.baseUrl, model: 'm' });
      const [r] = await runSteps(agent, 1, await observation(w, h), 'tap the middle');
      expect(r!.action.type).toBe('Tap');
      if (r!.action.type === 'Tap') expect(toPixels(r!.action.at, { width: w, height: h })).toEqual(px);
    }
    expect(await imageSizeOf(s.requests[1]!.messages[2]!.content)).toEqual({ width: 1428, height: 3192 });
    expect(await imageSizeOf(s.requests[2]!.messages[2]!.content)).toEqual({ width: 728, height: 1596 });
  });

  it('Doubao: <point> syntax on 0–1000, thinking disabled, a 1440×3200 screenshot is shrunk', async () => {
    const s = await start(FORMAT_REPLIES['uitars-doubao']);
    const agent = modelAgent({ name: 'd', adapter: 'uitars', variant: 'doubao', baseUrl: s.baseUrl, model: 'doubao-1-5-ui-tars-250428' });
    const results = await runSteps(agent, 3, await observation(1440, 3200), '把WiFi打开');
    expect(results[0]!.action).toEqual({ type: 'Tap', at: { x: 512, y: 230 } });
    expect(s.requests[0]!.body).toMatchObject({ thinking: { type: 'disabled' } });
    expect(textOf(s.requests[0]!.messages[1]!.content)).toContain('Use Chinese in `Thought` part');
    const size = await imageSizeOf(s.requests[0]!.messages[2]!.content);
    expect(size.width * size.height).toBeLessThanOrEqual(5120 * 28 * 28);
    expect(results[0]!.sent).toEqual(size);
    // Doubao history is not rewritten with box tokens
    expect(textOf(s.requests[1]!.messages[3]!.content)).toBe(
      "Thought: Click the Wi-Fi entry.\nAction: click(point='<point>512 230</point>')",
    );
  });
});

describe('GUI-Owl 1.5 against the mock server', () => {
  it('tools system prompt, last 4 pairs + current image, older steps collapse into Previous actions', async () => {
    const s = await start(FORMAT_REPLIES.guiowl);
    const agent = modelAgent({ name: 'g', adapter: 'guiowl', baseUrl: s.baseUrl, model: 'gui-owl' });
    const results = await runSteps(agent, 6, await observation(), "I can't see the words, make them bigger");
    expect(results.map((r) => r.action.type)).toEqual(['LaunchApp', 'Tap', 'Swipe', 'Tap', 'Tap', 'Finish']);
    const sys = textOf(s.requests[0]!.messages[0]!.content);
    expect(sys).toContain("The screen's resolution is 1000x1000.");
    expect(sys).toContain('<tool_call>');
    expect(textOf(s.requests[0]!.messages[1]!.content)).toMatch(
      /Instruction: I can't see the words, make them bigger\n\nPrevious actions:\nNone$/,
    );
    s.requests.forEach((req, k) => expect(req.imageCount).toBe(Math.min(k, 4) + 1));
    const r5 = s.requests[5]!;
    expect(r5.roles).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user']);
    expect(textOf(r5.messages[1]!.content)).toContain('Previous actions:\nStep1: Open the Settings app.');
    expect(r5.messages[2]!.content).toBe(FORMAT_REPLIES.guiowl[1]);
    expect(r5.body).toMatchObject({ temperature: 0 });
  });
});

describe('UI-Venus 1.5 against the mock server', () => {
  it('text-only history (0-based), one image, Venus sampling; Finished after CallUser carries the answer', async () => {
    const s = await start(FORMAT_REPLIES.uivenus);
    const agent = modelAgent({ name: 'v', adapter: 'uivenus', baseUrl: s.baseUrl, model: 'ui-venus' });
    const results = await runSteps(agent, 4, await observation(720, 1600), '杭州今天天气怎么样');
    expect(results.map((r) => r.action.type)).toEqual(['Tap', 'Type', 'Noop', 'Finish']);
    expect(results[3]!.action).toEqual({ type: 'Finish', message: '杭州今天晴，25度' });
    for (const req of s.requests) {
      expect(req.roles).toEqual(['system', 'user']);
      expect(req.imageCount).toBe(1);
      expect((req.messages[1]!.content as { type: string }[]).map((p) => p.type)).toEqual(['text', 'image_url']);
      expect(req.body).toMatchObject({ temperature: 0, top_p: 1, top_k: -1, repetition_penalty: 1.05, max_tokens: 2048 });
    }
    const t3 = textOf(s.requests[3]!.messages[1]!.content);
    expect(t3).toContain('Step 0: <think>The search box is at the top.</think><action>Click(box=(512,86))</action>');
    expect(t3).toContain("Step 2: <think>…</think><action>CallUser(content='杭州今天晴，25度')</action>");
    const tap = results[0]!.action;
    expect(tap.type === 'Tap' && toPixels(tap.at, { width: 720, height: 1600 })).toEqual({ x: 368, y: 137 });
  });
});

describe('Qwen3-VL mobile_use against the mock server', () => {
  it('999x999 tools block, text first then one image, Action-line history, /999 mapping', async () => {
    const s = await start(FORMAT_REPLIES['qwen-vl']);
    const agent = modelAgent({ name: 'q', adapter: 'qwen-vl', baseUrl: s.baseUrl, model: 'qwen3-vl-plus' });
    const results = await runSteps(agent, 3, await observation(1440, 3200), 'Search for Musk in X');
    expect(results[0]!.action).toEqual({ type: 'Tap', at: { x: 447.447, y: 81.081 } });
    const tap = results[0]!.action;
    expect(tap.type === 'Tap' && toPixels(tap.at, { width: 1440, height: 3200 })).toEqual({ x: 644, y: 259 });
    expect(textOf(s.requests[0]!.messages[0]!.content)).toContain("The screen's resolution is 999x999.");
    for (const req of s.requests) {
      expect(req.roles).toEqual(['system', 'user']);
      expect(req.imagesPerMessage).toEqual([0, 1]);
    }
    expect(textOf(s.requests[2]!.messages[1]!.content)).toBe(
      'The user query: Search for Musk in X.\nTask progress (You have done the following operation on the current device): Step 1: Open Settings.; Step 2: Go back.; .\n',
    );
  });
});

describe('generic VLM against the mock server', () => {
  it('states x-first in the system prompt, one image, numbered action history; streaming with a usage-only final chunk', async () => {
    const s = await start(FORMAT_REPLIES.vlm);
    const agent = modelAgent({
      name: 'gem',
      adapter: 'vlm',
      baseUrl: s.baseUrl,
      model: 'gemini-2.5-pro',
      stream: true,
      sampling: { temperature: 0.2, top_p: 0.9 },
    });
    const results = await runSteps(agent, 3, await observation(), 'The sound is too low, I cannot hear it');
    expect(results.map((r) => r.action.type)).toEqual(['Tap', 'Swipe', 'Finish']);
    expect(textOf(s.requests[0]!.messages[0]!.content)).toMatch(/x FIRST/);
    expect(s.requests[0]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true }, temperature: 0.2, top_p: 0.9 });
    expect(textOf(s.requests[2]!.messages[1]!.content)).toContain(
      '1. {"action": "tap", "point": [500, 420]}\n2. {"action": "scroll", "direction": "down"}',
    );
    expect(s.requests.every((r) => r.imageCount === 1)).toBe(true);
    // usage arrived in the final chunk whose choices is empty
    expect(results[0]!.usage).toMatchObject({ prompt_tokens: 1200, completion_tokens: 80, total_tokens: 1280, reasoning_tokens: 0 });
  });
});
