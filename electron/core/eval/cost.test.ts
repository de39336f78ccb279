import { describe, expect, it } from 'vitest';
import { callCost, costSrChart, meanCost, paretoFront, priceLookup, sumCosts } from './cost.js';

const price = { promptPerMTok: 2, completionPerMTok: 10, perImage: 0.001 };

describe('cost', () => {
  it('prices tokens per million and images apart; no price and no usage stay words, a model-free agent is 0', () => {
    expect(callCost({ promptTokens: 1_000_000, completionTokens: 100_000, images: 3 }, price)).toBeCloseTo(2 + 1 + 0.003, 12);
    expect(callCost({ promptTokens: 1000, completionTokens: 0, images: 5 }, { promptPerMTok: 1, completionPerMTok: 1 })).toBeCloseTo(
      0.001,
      12,
    );
    expect(callCost({ promptTokens: 1000, completionTokens: 10, images: 0 }, null)).toBe('no price');
    expect(callCost({ promptTokens: null, completionTokens: 10, images: 0 }, price)).toBe('no usage');
    expect(callCost({ promptTokens: null, completionTokens: null, images: 0 }, 'free')).toBe(0);
  });

  it('a sum or mean is a number only when every part is', () => {
    expect(sumCosts([0.5, 0.25])).toBe(0.75);
    expect(sumCosts([0.5, 'no usage', 'no price'])).toBe('no price');
    expect(sumCosts([0.5, 'no usage'])).toBe('no usage');
    expect(sumCosts([])).toBe(0);
    expect(meanCost([1, 3])).toBe(2);
    expect(meanCost([])).toBeNull();
    expect(meanCost([1, 'no price'])).toBe('no price');
  });

  it('looks a model up in the frozen table: null model is free, a missing one or a run without prices has none', () => {
    const look = priceLookup({ date: 'd', source: 's', models: { m: price, gone: null } });
    expect(look(null)).toBe('free');
    expect(look('m')).toBe(price);
    expect(look('gone')).toBeNull();
    expect(look('other')).toBeNull();
    expect(priceLookup(undefined)('m')).toBeNull();
  });

  it('the Pareto front keeps each agent no other beats on both cost and SR', () => {
    const pts = [
      { name: 'cheap-bad', x: 0.01, y: 0.2 },
      { name: 'dear-good', x: 0.1, y: 0.6 },
      { name: 'dominated', x: 0.05, y: 0.1 },
      { name: 'mid', x: 0.03, y: 0.4 },
    ];
    expect(paretoFront(pts)).toEqual(['cheap-bad', 'mid', 'dear-good']);
    const chart = costSrChart(
      pts.map((p) => ({ agent: p.name, model: 'x', perTask: p.x, run: p.x, promptTokens: 0, completionTokens: 0, images: 0, sr: p.y })),
    )!;
    expect(chart.spec.line).toEqual(['cheap-bad', 'mid', 'dear-good']);
    expect(
      costSrChart([
        { agent: 'a', model: 'x', perTask: 'no price', run: 'no price', promptTokens: 0, completionTokens: 0, images: 0, sr: 0.5 },
      ]),
    ).toBeNull();
    // Model-free agents alone: nothing to trade off, no chart.
    expect(
      costSrChart([{ agent: 'a', model: null, perTask: 0, run: 0, promptTokens: null, completionTokens: null, images: 0, sr: 1 }]),
    ).toBeNull();
  });
});
