import type { ScatterChartSpec, TableModel } from '../../../shared/domain/analysis.js';
import type { ModelPrice, RunPrices } from '../../../shared/schemas/prices.js';
import { PERCENT } from './table-formats.js';

/**
 * Money: USD from the tokens and images a run's model calls were billed for and the prices frozen in its manifest
 * when it was created. A cost is a number only when every call behind it has a price and reported usage; otherwise
 * it says why ("no price", "no usage") — never 0. An agent that calls no model (replay, heuristic) costs exactly 0.
 */
export type CostValue = number | 'no price' | 'no usage';

/** A model's price: 'free' for an agent that calls no model, null when the run's table has no price for it. */
export type PriceOf = ModelPrice | 'free' | null;

export interface BilledUsage {
  promptTokens: number | null;
  completionTokens: number | null;
  images: number;
}

export function callCost(u: BilledUsage, price: PriceOf): CostValue {
  if (price === 'free') return 0;
  if (price === null) return 'no price';
  if (u.promptTokens === null || u.completionTokens === null) return 'no usage';
  return (u.promptTokens * price.promptPerMTok + u.completionTokens * price.completionPerMTok) / 1e6 + u.images * (price.perImage ?? 0);
}

/** A sum is known only when every part is: "no price" wins over "no usage" (it is the one a reader can fix). */
export function sumCosts(parts: readonly CostValue[]): CostValue {
  if (parts.includes('no price')) return 'no price';
  if (parts.includes('no usage')) return 'no usage';
  return (parts as number[]).reduce((a, b) => a + b, 0);
}

/** The mean of known parts (null for none); unknown when any part is. */
export function meanCost(parts: readonly CostValue[]): CostValue | null {
  if (parts.length === 0) return null;
  const s = sumCosts(parts);
  return typeof s === 'number' ? s / parts.length : s;
}

/** A run's models and the price each had when it was created; a run made before prices were recorded has none. */
export function priceLookup(prices: RunPrices | null | undefined): (model: string | null) => PriceOf {
  return (model) => (model === null ? 'free' : (prices?.models[model] ?? null));
}

export interface AgentCost {
  agent: string;
  /** The agent's model id; null for an agent that calls none. */
  model: string | null;
  /** Mean cost per scored task of N (first trial), as MCM counts tokens. */
  perTask: CostValue | null;
  /** Every stored result of the agent (all trials), what the run spent on it. */
  run: CostValue;
  promptTokens: number | null;
  completionTokens: number | null;
  images: number;
  sr: number | null;
}

/** The Cost table: per agent, then the judge and the whole run; the cost–SR chart draws the same numbers. */
export function costTable(
  agents: readonly AgentCost[],
  judge: { model: string | null; cost: CostValue } | null,
  prices: RunPrices | null,
): TableModel {
  const fixed = (digits: number) => ({ kind: 'fixed', digits }) as const;
  const total = sumCosts([...agents.map((a) => a.run), ...(judge ? [judge.cost] : [])]);
  const missing = [...new Set(agents.filter((a) => a.run === 'no price').map((a) => a.model ?? a.agent))];
  if (judge?.cost === 'no price' && judge.model) missing.push(judge.model);
  return {
    id: 'run-cost',
    title: 'Cost (USD)',
    columns: [
      { key: 'who', header: 'Agent or judge' },
      { key: 'model', header: 'Model' },
      { key: 'sr', header: 'SR (%)', align: 'right', format: PERCENT },
      { key: 'prompt', header: 'Prompt tokens', align: 'right' },
      { key: 'completion', header: 'Completion tokens', align: 'right' },
      { key: 'images', header: 'Images', align: 'right' },
      { key: 'perTask', header: 'USD per task', align: 'right', format: fixed(4) },
      { key: 'run', header: 'USD, whole run', align: 'right', format: fixed(4) },
    ],
    rows: [
      ...agents.map((a) => ({
        who: a.agent,
        model: a.model ?? '(no model)',
        sr: a.sr,
        prompt: a.promptTokens,
        completion: a.completionTokens,
        images: a.images,
        perTask: a.perTask,
        run: a.run,
      })),
      ...(judge
        ? [
            {
              who: 'judge',
              model: judge.model ?? '(no model)',
              sr: null,
              prompt: null,
              completion: null,
              images: null,
              perTask: null,
              run: judge.cost,
            },
          ]
        : []),
      { who: 'total', model: '', sr: null, prompt: null, completion: null, images: null, perTask: null, run: total },
    ],
    notes: [
      prices
        ? `Prices of ${prices.date} (${prices.source}), frozen in the run's manifest when it was created; USD per million tokens, images where billed apart.`
        : 'This run was created before prices were recorded: its costs say "no price".',
      'USD per task: mean over the scored tasks of N (first trial); whole run: every stored result, every trial. An agent that calls no model costs 0.',
      ...(missing.length
        ? [
            `No price for ${missing.join(', ')}: add it to the workspace's prices.json (elderbench prices --init) and start the run again to get a cost.`,
          ]
        : []),
      'The simulated user (--user simulated) is not priced: its tokens are in the Asking table.',
    ],
  };
}

/** The cheapest agents for their SR: each point that no other point beats on both cost (lower) and SR (higher). */
export function paretoFront(points: readonly { name: string; x: number; y: number }[]): string[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || b.y - a.y);
  const front: string[] = [];
  let best = -Infinity;
  for (const p of sorted) {
    if (p.y > best) {
      front.push(p.name);
      best = p.y;
    }
  }
  return front;
}

/** Cost per task against SR, one point per agent with a known cost, the Pareto front drawn through the best; null when no agent cost anything. */
export function costSrChart(agents: readonly AgentCost[]): { spec: ScatterChartSpec; description: string } | null {
  const points = agents.flatMap((a) => (typeof a.perTask === 'number' && a.sr !== null ? [{ name: a.agent, x: a.perTask, y: a.sr }] : []));
  // Model-free agents alone (every cost 0) make no trade-off to draw.
  if (!points.some((p) => p.x > 0)) return null;
  const front = paretoFront(points);
  const unpriced = agents.filter((a) => typeof a.perTask !== 'number').map((a) => a.agent);
  return {
    spec: {
      kind: 'scatter',
      id: 'run-cost-sr',
      title: 'Cost per task against success rate',
      xLabel: 'USD per task',
      yLabel: 'SR',
      points,
      line: front,
      lineName: 'Pareto front',
      yPercent: true,
    },
    description:
      points.map((p) => `${p.name}: ${(p.y * 100).toFixed(1)}% at $${p.x.toFixed(4)} per task`).join('; ') +
      `. On the Pareto front (no agent both cheaper and better): ${front.join(', ')}.` +
      (unpriced.length ? ` Not drawn (no price): ${unpriced.join(', ')}.` : ''),
  };
}
