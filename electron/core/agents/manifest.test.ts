import { describe, expect, it } from 'vitest';
import { AgentConfigSchema } from '../../../shared/schemas/agent-config.js';
import { BUILTIN_AGENTS } from './builtin-agents.js';
import { buildAgentManifest, PAPER_THRESHOLDS, sha256 } from './manifest.js';

describe('run manifest', () => {
  it('every built-in agent is a valid config', () => {
    for (const a of BUILTIN_AGENTS) expect(AgentConfigSchema.safeParse(a).success, a.name).toBe(true);
  });

  it('records adapter+version, the full prompt and its hash, model, endpoint host, sampling, policies and thresholds', () => {
    const m = buildAgentManifest(BUILTIN_AGENTS.find((a) => a.name === 'ui-tars-1.5-7b')!);
    expect(m).toMatchObject({
      adapter: 'uitars',
      adapterVersion: '1.1.0',
      variant: '1.5',
      model: 'ByteDance-Seed/UI-TARS-1.5-7B',
      endpointHost: '127.0.0.1:8000',
      sampling: { temperature: 0, top_p: 0.7, max_tokens: 1000 },
      thresholds: PAPER_THRESHOLDS,
    });
    expect(m.promptTemplate).toContain("click(start_box='<|box_start|>(x1,y1)<|box_end|>')");
    expect(m.promptSha256).toBe(sha256(m.promptTemplate!));
    expect(m.resize).toMatch(/smart_resize\(factor 28, min 78,400, max 12,845,056\)/);
    expect(m.historyPolicy).toMatch(/last 5 images/);
    expect(m.harness.scrollGeometry.down).toEqual({ from: { x: 500, y: 700 }, to: { x: 500, y: 300 } });
  });

  it('the hash changes with the prompt, and config sampling overrides the defaults', () => {
    const base = BUILTIN_AGENTS.find((a) => a.name === 'gemini-2.5-pro')!;
    const a = buildAgentManifest(base);
    const b = buildAgentManifest({ ...base, promptTemplate: 'custom', sampling: { temperature: 0.5 } });
    expect(a.promptSha256).not.toBe(b.promptSha256);
    expect(b.sampling).toMatchObject({ temperature: 0.5, max_tokens: 2048 });
    expect(a.keySource).toBe('env:GEMINI_API_KEY');
    expect(a.endpointHost).toBe('generativelanguage.googleapis.com');
  });

  it('model-free agents have a manifest without model fields', () => {
    const m = buildAgentManifest({ name: 'random', adapter: 'random', seed: 3 });
    expect(m).toMatchObject({ adapter: 'random', model: null, promptSha256: null, endpointHost: null });
  });
});
