import { describe, expect, it } from 'vitest';
import type { GraphEdge } from '../../../shared/domain/task-graph.js';
import { sliderValue } from './content.js';
import { sliderSets } from './control-values.js';

/** A slider sets the value where a tap lands along it (page-model.ts): the model must explain the recorded tap first. */
describe('slider taps', () => {
  const edge = { slider: { bounds: { left: 42, top: 335, right: 1038, bottom: 461 } } } as unknown as GraphEdge;

  it('reads a value out of its maximum, as the graph keeps it', () => {
    expect(sliderValue('13,15')).toEqual({ value: 13, max: 15 });
    expect(sliderValue('13/15')).toEqual({ value: 13, max: 15 });
    expect(sliderValue('16,15')).toBeNull();
    expect(sliderValue('13')).toBeNull();
    expect(sliderValue('音量 13')).toBeNull();
  });

  it('a tap at 80% of a 0–15 slider sets 12, at 20% sets 3, where the recorded tap at 90% set 13', () => {
    const at = (share: number): number => 42 + share * (1038 - 42);
    expect(sliderSets(edge, at(0.8), at(0.9), '13,15')).toBe('12,15');
    expect(sliderSets(edge, at(0.2), at(0.9), '13,15')).toBe('3,15');
    expect(sliderSets(edge, at(1.2), at(0.9), '13,15')).toBe('15,15');
  });

  it('says nothing when the recorded tap does not fit the model (another scale, a value set by something else)', () => {
    const at = (share: number): number => 42 + share * (1038 - 42);
    expect(sliderSets(edge, at(0.8), at(0.2), '13,15')).toBeNull();
  });
});
