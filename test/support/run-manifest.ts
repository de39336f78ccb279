import type { RunManifest } from '../../shared/domain/run-manifest.js';
import type { RunSpecInput } from '../../shared/schemas/run-spec.js';
import { RunSpecSchema } from '../../shared/schemas/run-spec.js';

/**
 * A complete run manifest around a spec, for tests and benches that store runs directly (the run
 * service writes the real one). Only the spec and the recorded graph versions are ever read back.
 */
export function testManifest(spec: Partial<RunSpecInput> = {}, extra: Partial<RunManifest> = {}): RunManifest {
  return {
    software: { elderbench: 'test', node: process.version, platform: 'test' },
    spec: RunSpecSchema.parse({ mode: 'offline', agents: ['replay'], taskIds: ['task-1'], ...spec }),
    agents: {},
    judge: { kind: 'rule', model: null, endpointHost: null, promptSha256: null, prompt: null, sampledFrames: null },
    taskSetHash: '',
    graphVersions: {},
    createdAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

/** Token usage of a step whose agent reported none (model-free agents). */
export const NO_USAGE = { prompt_tokens: null, completion_tokens: null, total_tokens: null };
