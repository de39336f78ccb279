import { createHash } from 'node:crypto';
import type { AgentConfig } from '../../../shared/schemas/agent-config.js';
import type { AgentManifest } from '../../../shared/domain/run-manifest.js';
import { isModelFreeAdapter } from './agent-traits.js';
import { FAMILIES } from './families/index.js';
import { MODEL_FREE_VERSIONS } from './model-free/index.js';
import { SCROLL_DISTANCE_FROM_POINT, SCROLL_GEOMETRY, DEFAULT_DRAG_MS, DEFAULT_LONG_PRESS_MS, DEFAULT_SWIPE_MS } from './parsing/scroll.js';

/**
 * What a run must record about each agent so a result can be reproduced and compared:
 * adapter + version, the full prompt template and its hash, model id, endpoint host (never the
 * URL's credentials or the key), sampling, history policy, resize, coordinate rule, thresholds.
 */
export interface RunThresholds {
  maxSteps: number;
  taskTimeoutS: number;
}

/** Paper Appendix L: 25 operational steps, 120 s per task. */
export const PAPER_THRESHOLDS: RunThresholds = { maxSteps: 25, taskTimeoutS: 120 };

export type { AgentManifest } from '../../../shared/domain/run-manifest.js';

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

const MODEL_FREE_POLICY: Record<string, { history: string; coords: string }> = {
  replay: { history: 'step k plays action k of the stored demonstration', coords: 'canonical actions as stored' },
  random: { history: 'none; step k draws from mulberry32(mix(seed, k))', coords: 'uniform integers in [0,1000]' },
  heuristic: {
    history: 'remembers tapped points, typed text, swipes in a row, launches',
    coords: 'element centre from UI bounds via toNorm',
  },
};

export function buildAgentManifest(config: AgentConfig, thresholds: RunThresholds = PAPER_THRESHOLDS, now = new Date()): AgentManifest {
  const harness = {
    scrollGeometry: SCROLL_GEOMETRY,
    scrollDistanceFromPoint: SCROLL_DISTANCE_FROM_POINT,
    defaultMs: { swipe: DEFAULT_SWIPE_MS, drag: DEFAULT_DRAG_MS, longPress: DEFAULT_LONG_PRESS_MS },
    request: { timeoutMs: config.timeoutMs ?? null, retries: config.retries ?? null, stream: config.stream ?? false },
  };
  const adapter = config.adapter;
  if (isModelFreeAdapter(adapter)) {
    const p = MODEL_FREE_POLICY[adapter]!;
    return {
      name: config.name,
      adapter,
      adapterVersion: MODEL_FREE_VERSIONS[adapter],
      variant: null,
      model: null,
      endpointHost: null,
      keySource: null,
      promptTemplate: null,
      promptSha256: null,
      sampling: null,
      extraBody: null,
      historyPolicy: p.history,
      coordinates: p.coords,
      resize: 'none',
      harness,
      thresholds,
    };
  }
  const family = FAMILIES[adapter];
  const variant = config.variant ?? family.defaultVariant;
  const d = family.describe({ config, variant, now });
  const extraBody = { ...(family.defaultExtraBody?.(variant) ?? {}), ...(config.extraBody ?? {}) };
  return {
    name: config.name,
    adapter,
    adapterVersion: family.version,
    variant,
    model: config.model ?? null,
    endpointHost: config.baseUrl ? new URL(config.baseUrl).host : null,
    keySource: config.apiKeyEnv ? `env:${config.apiKeyEnv}` : null,
    promptTemplate: d.promptTemplate,
    promptSha256: sha256(d.promptTemplate),
    sampling: { ...family.defaultSampling, ...(config.sampling ?? {}) } as Record<string, number>,
    extraBody: Object.keys(extraBody).length > 0 ? extraBody : null,
    historyPolicy: d.historyPolicy,
    coordinates: d.coordinates,
    resize: d.resize,
    harness,
    thresholds,
  };
}
