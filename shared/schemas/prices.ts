import { z } from 'zod';

/**
 * A price table: per model id (exactly as the run's agent, judge or user entry names it), USD per million prompt
 * and completion tokens, and per image where the provider bills images apart (most count them as prompt tokens).
 * The workspace's `prices.json` adds to and overrides the dated default (electron/core/eval/default-prices.ts).
 */
export const PRICES_FORMAT = 'elderbench.prices/1';

export const ModelPriceSchema = z
  .object({
    promptPerMTok: z.number().min(0),
    completionPerMTok: z.number().min(0),
    /** USD per image sent, for providers that bill images apart from tokens; absent: images are in the prompt tokens. */
    perImage: z.number().min(0).optional(),
    /** Where the price was read (a pricing page). */
    source: z.string().optional(),
    note: z.string().optional(),
  })
  .strict();
export type ModelPrice = z.infer<typeof ModelPriceSchema>;

export const PriceTableSchema = z
  .object({
    format: z.literal(PRICES_FORMAT),
    /** When the prices were read (YYYY-MM-DD): prices change, a table says when it was true. */
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date is YYYY-MM-DD: the day the prices were read'),
    currency: z.literal('USD'),
    models: z.record(z.string().min(1), ModelPriceSchema),
  })
  .strict();
export type PriceTable = z.infer<typeof PriceTableSchema>;

/** The prices a run was created with, frozen in its manifest so its costs never change afterwards. */
export interface RunPrices {
  /** The date of the table they came from (the workspace's when it has its own file, else the default's). */
  date: string;
  /** `default` or the workspace file that added to it. */
  source: string;
  /** Each model the run uses → its price, or null: the table has none ("no price", never 0). */
  models: Record<string, ModelPrice | null>;
}
