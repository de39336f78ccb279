import type { AgentConfig } from '../../../shared/schemas/agent-config.js';

/**
 * Built-in agent entries. A workspace agents.json adds entries; it replaces one of these only with "replacesBuiltin": true.
 * Hosted endpoints are the providers' documented ones; local entries assume a vLLM server on 127.0.0.1:8000
 * serving the open weights under the given id — change `baseUrl`/`model` to match yours.
 */
export const BUILTIN_AGENTS: readonly AgentConfig[] = [
  {
    name: 'autoglm-phone',
    adapter: 'autoglm',
    variant: 'cn',
    baseUrl: 'https://open.bigmodel.cn/api/paas/v4',
    model: 'autoglm-phone',
    apiKeyEnv: 'ZAI_API_KEY',
    description: 'AutoGLM-Phone on Zhipu BigModel',
  },
  {
    name: 'autoglm-phone-multilingual',
    adapter: 'autoglm',
    variant: 'cn',
    baseUrl: 'https://api.z.ai/api/paas/v4',
    model: 'autoglm-phone-multilingual',
    apiKeyEnv: 'ZAI_API_KEY',
    description: 'AutoGLM-Phone-Multilingual on z.ai',
  },
  {
    name: 'autoglm-phone-9b-local',
    adapter: 'autoglm',
    variant: 'cn',
    baseUrl: 'http://127.0.0.1:8000/v1',
    model: 'autoglm-phone-9b',
    extraBody: { skip_special_tokens: false },
    description: 'AutoGLM-Phone-9B on a local vLLM (keep special tokens)',
  },
  {
    name: 'ui-tars-1.5-7b',
    adapter: 'uitars',
    variant: '1.5',
    baseUrl: 'http://127.0.0.1:8000/v1',
    model: 'ByteDance-Seed/UI-TARS-1.5-7B',
    description: 'UI-TARS-1.5-7B open weights on a local vLLM (absolute coordinates, client-side smart_resize)',
  },
  {
    name: 'doubao-1.5-ui-tars',
    adapter: 'uitars',
    variant: 'doubao',
    baseUrl: 'https://ark.cn-beijing.volces.com/api/v3',
    model: 'doubao-1-5-ui-tars-250428',
    apiKeyEnv: 'ARK_API_KEY',
    description: 'Doubao-1.5-UI-TARS on Volcengine Ark (0–1000 coordinates)',
  },
  {
    name: 'gui-owl-1.5-8b',
    adapter: 'guiowl',
    variant: '1.5',
    baseUrl: 'http://127.0.0.1:8000/v1',
    model: 'mPLUG/GUI-Owl-1.5-8B-Instruct',
    description: 'GUI-Owl 1.5 on a local vLLM',
  },
  {
    name: 'ui-venus-1.5-8b',
    adapter: 'uivenus',
    variant: '1.5',
    baseUrl: 'http://127.0.0.1:8000/v1',
    model: 'inclusionAI/UI-Venus-1.5-8B',
    description: 'UI-Venus 1.5 on a local vLLM',
  },
  {
    name: 'qwen3-vl-plus',
    adapter: 'qwen-vl',
    variant: '3',
    baseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
    model: 'qwen3-vl-plus',
    apiKeyEnv: 'DASHSCOPE_API_KEY',
    description: 'Qwen3-VL mobile_use on DashScope',
  },
  {
    name: 'gemini-2.5-pro',
    adapter: 'vlm',
    baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai',
    model: 'gemini-2.5-pro',
    apiKeyEnv: 'GEMINI_API_KEY',
    description: 'Gemini through its OpenAI-compatible endpoint, generic VLM prompt',
  },
  {
    name: 'kimi-k2.5',
    adapter: 'vlm',
    baseUrl: 'https://api.moonshot.ai/v1',
    model: 'kimi-k2.5',
    apiKeyEnv: 'MOONSHOT_API_KEY',
    description: 'Kimi K2.5, generic VLM prompt',
  },
  {
    name: 'glm-4.5v',
    adapter: 'vlm',
    baseUrl: 'https://open.bigmodel.cn/api/paas/v4',
    model: 'glm-4.5v',
    apiKeyEnv: 'ZAI_API_KEY',
    description: 'GLM-4.5V, generic VLM prompt',
  },
  {
    name: 'heuristic',
    adapter: 'heuristic',
    description: 'Model-free baseline: UI-tree text matching with a synonym table (docs/agents.md)',
  },
  { name: 'random', adapter: 'random', seed: 1, description: 'Model-free floor: a seeded random valid action' },
];
