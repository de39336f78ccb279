import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { SharpImagePort } from '../../../electron/adapters/images/sharp-image-port.js';
import { OpenAiChatClient } from '../../../electron/adapters/llm/openai-client.js';
import type { DevicePort } from '../../../electron/core/device/device-port.js';
import { vlmJudge, VLM_JUDGE_PROMPT } from '../../../electron/core/eval/vlm-judge.js';
import { TaskSchema } from '../../../shared/schemas/task.js';
import { validTask } from '../../support/fixtures.js';
import { MockLlmServer } from '../../support/mock-llm-server.js';

const png = (v: number): Promise<Buffer> =>
  sharp({ create: { width: 108, height: 240, channels: 3, background: { r: v, g: v, b: v } } })
    .png()
    .toBuffer();

describe('the VLM judge against a mock model server', () => {
  let server: MockLlmServer | undefined;
  afterEach(async () => server?.close());

  async function judgeWith(reply: string) {
    server = await MockLlmServer.start([{ kind: 'reply', content: reply }]);
    const judge = vlmJudge(
      new OpenAiChatClient({ baseUrl: server.baseUrl, model: 'judge-model', apiKey: null, retries: 0 }),
      new SharpImagePort(),
    );
    const frames = await Promise.all([10, 20, 30, 40, 50, 60].map(png));
    return judge.judge({
      task: TaskSchema.parse(validTask()),
      instruction: '字太小了',
      device: {} as DevicePort,
      finalScreenshot: await png(200),
      frames,
      foreground: { package: 'com.android.settings', activity: 'com.android.settings.SubSettings' },
    });
  }

  it('sends the instruction, the activity, sampled frames and the final screen, and reads the verdict and tokens', async () => {
    const v = await judgeWith('{"verdict": "success", "reason": "the font size is now Large"}');
    expect(v).toMatchObject({ judge: 'vlm', pass: true, reason: 'the font size is now Large', tokens: { prompt: 1200, completion: 80 } });
    const req = server!.requests[0]!;
    expect(req.roles).toEqual(['user']);
    expect(req.imageCount).toBe(4); // 3 sampled earlier frames + the final screen
    const text = JSON.stringify(req.messages[0]!.content);
    expect(text).toContain('字太小了');
    expect(text).toContain('com.android.settings/com.android.settings.SubSettings');
    expect(req.body.temperature).toBe(0);
    expect(VLM_JUDGE_PROMPT).toContain('"verdict"');
  });

  it('reports an unreadable verdict as a judge error, never a pass', async () => {
    const v = await judgeWith('I think it worked!');
    expect(v.pass).toBeNull();
    expect(v.reason).toMatch(/unreadable verdict/);
  });
});
