import sharp from 'sharp';
import type { UiHierarchy } from '../../../shared/domain/ui-node.js';
import type { AgentConfig } from '../../../shared/schemas/agent-config.js';
import type { Agent, AgentHistoryEntry, AgentObservation, AgentStepResult } from '../../../electron/core/agents/agent.js';
import { FAMILIES } from '../../../electron/core/agents/families/index.js';
import { ModelAgent } from '../../../electron/core/agents/model-agent.js';
import { SharpImagePort } from '../../../electron/adapters/images/sharp-image-port.js';
import type { OpenAiClientOptions } from '../../../electron/adapters/llm/openai-client.js';
import { OpenAiChatClient } from '../../../electron/adapters/llm/openai-client.js';
import { isModelAdapter } from '../../../electron/adapters/llm/create-agent.js';

/** A plain PNG of the given size (the content does not matter to the adapters). */
export async function makePng(width: number, height: number): Promise<Uint8Array> {
  return sharp({ create: { width, height, channels: 3, background: { r: 240, g: 240, b: 240 } } })
    .png()
    .toBuffer();
}

export const SMALL_UI: UiHierarchy = { rotation: 0, roots: [] };

export async function observation(width = 1080, height = 2400, app: string | null = '设置'): Promise<AgentObservation> {
  return { screenshot: await makePng(width, height), screen: { width, height }, ui: SMALL_UI, currentApp: app };
}

export const NOW = new Date(2026, 10, 29, 9, 30);

/** A model agent wired to a base URL with fast, sleep-free retries. */
export function modelAgent(config: AgentConfig, client: Partial<OpenAiClientOptions> = {}): ModelAgent {
  if (!isModelAdapter(config.adapter)) throw new Error(`${config.adapter} is not a model adapter`);
  const model = new OpenAiChatClient({
    baseUrl: config.baseUrl!,
    model: config.model!,
    retries: config.retries ?? 0,
    timeoutMs: 5000,
    stream: config.stream,
    sleep: async () => {},
    ...client,
  });
  return new ModelAgent(config, FAMILIES[config.adapter], { model, images: new SharpImagePort(), now: () => NOW });
}

/** Runs n steps, feeding each step's history entry back like a runner would. */
export async function runSteps(agent: Agent, n: number, obs: AgentObservation, instruction: string): Promise<AgentStepResult[]> {
  const history: AgentHistoryEntry[] = [];
  const out: AgentStepResult[] = [];
  for (let i = 0; i < n; i++) {
    const r = await agent.step(obs, instruction, history);
    out.push(r);
    history.push(r.historyEntry);
  }
  return out;
}

export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .filter((p: { type?: string }) => p.type === 'text')
      .map((p: { text: string }) => p.text)
      .join('\n');
  return '';
}

export async function imageSizeOf(content: unknown): Promise<{ width: number; height: number }> {
  const part = (content as { type: string; image_url?: { url: string } }[]).find((p) => p.type === 'image_url')!;
  const b64 = part.image_url!.url.replace(/^data:image\/\w+;base64,/, '');
  const meta = await sharp(Buffer.from(b64, 'base64')).metadata();
  return { width: meta.width!, height: meta.height! };
}
