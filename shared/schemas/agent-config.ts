import { z } from 'zod';
import { ActionSchema } from '../domain/action.js';

/**
 * Agent configuration: named entries (built-in defaults + a workspace agents.json).
 * An API key never appears here — only the NAME of the environment variable that holds it.
 */
export const MODEL_ADAPTERS = ['autoglm', 'uitars', 'guiowl', 'uivenus', 'qwen-vl', 'vlm'] as const;
export const MODEL_FREE_ADAPTERS = ['replay', 'random', 'heuristic'] as const;
export const ADAPTER_IDS = [...MODEL_ADAPTERS, ...MODEL_FREE_ADAPTERS] as const;
export type AdapterId = (typeof ADAPTER_IDS)[number];
export type ModelAdapterId = (typeof MODEL_ADAPTERS)[number];

/** Per-adapter model versions; each pins a coordinate convention (docs/agents.md, reply case 6). */
export const ADAPTER_VARIANTS: Record<ModelAdapterId, readonly string[]> = {
  autoglm: ['cn', 'en'],
  uitars: ['1.5', 'doubao', '1.0'],
  guiowl: ['1.5'],
  uivenus: ['1.5', '1.0'],
  'qwen-vl': ['3', '2.5'],
  vlm: ['1'],
};

export const SamplingSchema = z
  .object({
    temperature: z.number().min(0).max(2),
    top_p: z.number().gt(0).max(1).optional(),
    top_k: z.number().int().optional(),
    frequency_penalty: z.number().min(-2).max(2).optional(),
    presence_penalty: z.number().min(-2).max(2).optional(),
    repetition_penalty: z.number().positive().optional(),
    max_tokens: z.number().int().positive().optional(),
    seed: z.number().int().optional(),
  })
  .strict();
export type Sampling = z.infer<typeof SamplingSchema>;

export const ImageLimitsSchema = z
  .object({
    /** Shrink (aspect kept) above this many pixels; absolute-coordinate models use smart_resize instead. */
    maxPixels: z.number().int().positive().optional(),
    minPixels: z.number().int().positive().optional(),
    format: z.enum(['png', 'jpeg']).optional(),
  })
  .strict();
export type ImageLimits = z.infer<typeof ImageLimitsSchema>;

const ENV_NAME = /^[A-Z_][A-Z0-9_]*$/;
const KEY_HINT = 'API keys never go in agents.json: put the key in an environment variable and set "apiKeyEnv" to its NAME';

export const AgentConfigSchema = z
  .object({
    name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'use letters, digits, ".", "_" and "-" (it is used on the command line)'),
    adapter: z.enum(ADAPTER_IDS),
    variant: z.string().optional(),
    description: z.string().optional(),
    baseUrl: z.url({ protocol: /^https?$/, error: 'baseUrl must be an http(s) URL such as http://127.0.0.1:8000/v1' }).optional(),
    model: z.string().min(1).optional(),
    apiKeyEnv: z
      .string()
      .regex(ENV_NAME, 'apiKeyEnv is the NAME of an environment variable (upper case, e.g. ZAI_API_KEY), never the key')
      .optional(),
    // Refused with a pointed message, so a pasted key is caught (and never echoed back).
    apiKey: z.never({ error: KEY_HINT }).optional(),
    api_key: z.never({ error: KEY_HINT }).optional(),
    sampling: SamplingSchema.optional(),
    extraBody: z.record(z.string(), z.unknown()).optional(),
    images: ImageLimitsSchema.optional(),
    /** How many screenshots of earlier steps to resend (image-history agents only). */
    historyImages: z.number().int().min(0).max(10).optional(),
    stream: z.boolean().optional(),
    timeoutMs: z.number().int().min(1000).max(600_000).optional(),
    retries: z.number().int().min(0).max(10).optional(),
    /** Replaces the built-in prompt template (e.g. with an official text); hashed into the manifest. */
    promptTemplate: z.string().min(1).optional(),
    /** UI-Venus CallUser: an answer to the user (default), a request for help, or `auto`: a question asks, anything else answers. */
    callUser: z.enum(['answer', 'ask', 'auto']).optional(),
    /** random: PRNG seed. */
    seed: z.number().int().optional(),
    /** replay: the demonstration to follow. */
    actions: z.array(ActionSchema).optional(),
    /** A workspace entry with a built-in's name must say it replaces the built-in on purpose. */
    replacesBuiltin: z.boolean().optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    if ((MODEL_ADAPTERS as readonly string[]).includes(c.adapter)) {
      if (!c.baseUrl)
        ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: `adapter ${c.adapter} needs baseUrl (the OpenAI-compatible /v1 root)` });
      if (!c.model)
        ctx.addIssue({ code: 'custom', path: ['model'], message: `adapter ${c.adapter} needs model (the id the server serves)` });
      const variants = ADAPTER_VARIANTS[c.adapter as ModelAdapterId];
      if (c.variant !== undefined && !variants.includes(c.variant)) {
        ctx.addIssue({ code: 'custom', path: ['variant'], message: `variant of ${c.adapter} must be one of ${variants.join(', ')}` });
      }
    }
    if (c.adapter === 'replay' && !c.actions) {
      ctx.addIssue({ code: 'custom', path: ['actions'], message: 'a replay agent needs "actions" (the demonstration to follow)' });
    }
  });
export type AgentConfig = z.infer<typeof AgentConfigSchema>;

export const AgentsFileSchema = z
  .object({
    agents: z.array(AgentConfigSchema),
  })
  .strict();
export type AgentsFile = z.infer<typeof AgentsFileSchema>;
