import { describe, expect, it } from 'vitest';
import { evaluateExpect } from './check-matcher.js';

describe('evaluateExpect', () => {
  it('trims output before equals', () => {
    expect(evaluateExpect('1.3\n', { equals: '1.3' }).pass).toBe(true);
    expect(evaluateExpect('1.0\n', { equals: '1.3' })).toMatchObject({ pass: false, reason: expect.stringContaining('"1.0"') });
  });
  it('contains / not_contains', () => {
    expect(evaluateExpect('a b c', { contains: 'b' }).pass).toBe(true);
    expect(evaluateExpect('a b c', { contains: 'x' }).pass).toBe(false);
    expect(evaluateExpect('a b c', { not_contains: 'x' }).pass).toBe(true);
    expect(evaluateExpect('a b c', { not_contains: 'b' }).pass).toBe(false);
  });
  it('regex uses JS RegExp and reports an invalid pattern instead of throwing', () => {
    expect(evaluateExpect('1.30', { regex: '^1\\.(3|[4-9])' }).pass).toBe(true);
    expect(evaluateExpect('1.15', { regex: '^1\\.(3|[4-9])' }).pass).toBe(false);
    expect(evaluateExpect('x', { regex: '(' })).toMatchObject({ pass: false, reason: expect.stringContaining('invalid regex') });
  });
  it('json_path walks keys and numeric indices with deep equality', () => {
    const out = JSON.stringify({ cart: [{ id: 'rice', qty: 2 }], nav: null, tags: ['a', 'b'] });
    expect(evaluateExpect(out, { json_path: 'cart.0.id', equals_json: 'rice' }).pass).toBe(true);
    expect(evaluateExpect(out, { json_path: 'cart.0', equals_json: { qty: 2, id: 'rice' } }).pass).toBe(true);
    expect(evaluateExpect(out, { json_path: 'tags', equals_json: ['a', 'b'] }).pass).toBe(true);
    expect(evaluateExpect(out, { json_path: 'tags', equals_json: ['b', 'a'] }).pass).toBe(false);
    expect(evaluateExpect(out, { json_path: 'nav', equals_json: null }).pass).toBe(true);
    expect(evaluateExpect(out, { json_path: 'cart.0.qty', equals_json: '2' }).pass).toBe(false);
  });
  it('json_path fails with a reason on missing paths and non-JSON output', () => {
    const out = JSON.stringify({ cart: [] });
    expect(evaluateExpect(out, { json_path: 'cart.0.id', equals_json: 'x' })).toMatchObject({
      pass: false,
      reason: expect.stringContaining('no index 0'),
    });
    expect(evaluateExpect(out, { json_path: 'orders', equals_json: [] })).toMatchObject({
      pass: false,
      reason: expect.stringContaining('no key "orders"'),
    });
    expect(evaluateExpect(out, { json_path: 'cart.x', equals_json: 1 }).pass).toBe(false);
    expect(evaluateExpect('not json', { json_path: 'a', equals_json: 1 })).toMatchObject({
      pass: false,
      reason: expect.stringContaining('not JSON'),
    });
  });
  it('an empty json_path is the whole document', () => {
    expect(evaluateExpect('[1,2]', { json_path: '', equals_json: [1, 2] }).pass).toBe(true);
  });
});
