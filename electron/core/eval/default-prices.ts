import type { PriceTable } from '../../../shared/schemas/prices.js';
import { PRICES_FORMAT } from '../../../shared/schemas/prices.js';

/**
 * The shipped price table for the paper's hosted models, as entered on the date below from the providers' published
 * price lists named in each `source` (the cheapest context tier, standard — not batch — rates). Prices change and
 * these were not re-checked since: verify each against its source, and override or add entries in the workspace's
 * prices.json (`elderbench prices --init` writes this table there to edit) before publishing a cost. Self-hosted
 * open-weight models (UI-TARS-1.5-7B, GUI-Owl-1.5-8B, UI-Venus-1.5-8B, AutoGLM-Phone-9B on your own GPU) have no
 * per-token price, so runs of them say "no price" until you add one.
 */
export const DEFAULT_PRICES: PriceTable = {
  format: PRICES_FORMAT,
  date: '2026-12-01',
  currency: 'USD',
  models: {
    'qwen3-vl-plus': {
      promptPerMTok: 0.2,
      completionPerMTok: 1.6,
      source: 'https://www.alibabacloud.com/help/en/model-studio/models (international, input ≤ 32K)',
    },
    'qwen3-vl-flash': {
      promptPerMTok: 0.05,
      completionPerMTok: 0.4,
      source: 'https://www.alibabacloud.com/help/en/model-studio/models (international, input ≤ 32K)',
    },
    'gemini-3-flash-preview': {
      promptPerMTok: 0.5,
      completionPerMTok: 3,
      source: 'https://ai.google.dev/gemini-api/docs/pricing (paid tier; images are billed as input tokens)',
    },
    'gemini-2.5-pro': {
      promptPerMTok: 1.25,
      completionPerMTok: 10,
      source: 'https://ai.google.dev/gemini-api/docs/pricing (paid tier, prompts ≤ 200K tokens)',
    },
    'glm-4.6v': { promptPerMTok: 0.3, completionPerMTok: 0.9, source: 'https://docs.z.ai/guides/overview/pricing' },
    'glm-4.5v': { promptPerMTok: 0.6, completionPerMTok: 1.8, source: 'https://docs.z.ai/guides/overview/pricing' },
    'kimi-k2.5': {
      promptPerMTok: 0.6,
      completionPerMTok: 3,
      source: 'https://platform.moonshot.ai/docs/pricing/chat (cache miss)',
    },
  },
};
