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

  describe('items by identity', () => {
    // The clock app's alarms after the weekday 07:00 alarm was deleted: the list shifted.
    const shifted = JSON.stringify({ alarms: [{ id: 2, hour: 8, minute: 30, label: '吃药', enabled: false }] });
    const both = JSON.stringify({
      alarms: [
        { id: 1, hour: 7, minute: 0, label: '', enabled: false },
        { id: 2, hour: 8, minute: 30, label: '吃药', enabled: false },
      ],
    });
    it('a positional path reads whatever moved into place; an identity path does not', () => {
      expect(evaluateExpect(shifted, { json_path: 'alarms.0.enabled', equals_json: false }).pass).toBe(true); // the accident
      const byId = evaluateExpect(shifted, { json_path: 'alarms[hour=7,minute=0].enabled', equals_json: false });
      expect(byId).toMatchObject({ pass: false, reason: expect.stringContaining('no item matches alarms[hour=7,minute=0]') });
      expect(evaluateExpect(both, { json_path: 'alarms[hour=7,minute=0].enabled', equals_json: false }).pass).toBe(true);
      expect(evaluateExpect(both, { json_path: 'alarms[label=吃药].hour', equals_json: 8 }).pass).toBe(true);
      expect(evaluateExpect(both, { json_path: 'alarms[label="吃药"].hour', equals_json: 8 }).pass).toBe(true);
    });
    it('a filter selecting several items requires all of them to match', () => {
      expect(evaluateExpect(both, { json_path: 'alarms[enabled=false].enabled', equals_json: false }).pass).toBe(true);
      expect(evaluateExpect(both, { json_path: 'alarms[enabled=false].hour', equals_json: 7 })).toMatchObject({
        pass: false,
        reason: expect.stringContaining('7, 8'),
      });
      expect(evaluateExpect(JSON.stringify({ ids: ['a', 'b'] }), { json_path: 'ids[=b]', equals_json: 'b' }).pass).toBe(true);
    });
    it('one_of_json and includes_json', () => {
      const out = JSON.stringify({ cart: [{ id: 'milk-box', qty: 2 }], opened: ['a', 'bp-diet'] });
      expect(evaluateExpect(out, { json_path: 'cart[id=milk-box].qty', one_of_json: [1, 2] }).pass).toBe(true);
      expect(evaluateExpect(JSON.stringify({ cart: [] }), { json_path: 'cart[id=milk-box].qty', one_of_json: [1, 2] }).pass).toBe(false);
      expect(evaluateExpect(out, { json_path: 'opened', includes_json: 'bp-diet' }).pass).toBe(true);
      expect(evaluateExpect(out, { json_path: 'opened', includes_json: 'scam' }).pass).toBe(false);
    });
  });

  describe('how many items a path selects', () => {
    const state = JSON.stringify({
      orders: [
        { to: 'hangzhou', status: 'booked' },
        { to: 'hangzhou', status: 'refunded' },
      ],
      payments: [],
    });
    it("a filter's matches: one ticket booked passes, and a refunded one is not counted", () => {
      expect(evaluateExpect(state, { json_path: 'orders[status=booked]', count: 1 })).toEqual({
        pass: true,
        reason: 'orders[status=booked] selects 1 item',
      });
      expect(evaluateExpect(state, { json_path: 'orders[to=hangzhou]', count: 1 })).toMatchObject({
        pass: false,
        reason: 'orders[to=hangzhou] selects 2 items, expected 1 item',
      });
    });
    it('no match is 0, not a failure; a list read whole counts its items; a path that is not there fails', () => {
      expect(evaluateExpect(state, { json_path: 'orders[to=beijing]', count: 0 }).pass).toBe(true);
      expect(evaluateExpect(state, { json_path: 'orders[to=beijing]', count: 1 }).pass).toBe(false);
      expect(evaluateExpect(state, { json_path: 'payments', count: 0 }).pass).toBe(true);
      expect(evaluateExpect(state, { json_path: 'orders', count: 2 }).pass).toBe(true);
      expect(evaluateExpect(state, { json_path: 'transfers', count: 0 })).toMatchObject({
        pass: false,
        reason: expect.stringMatching(/no key "transfers"/),
      });
    });
  });

  describe('key terms of a text', () => {
    const sent = (text: string) => JSON.stringify({ sent: [{ to: '13800000001', text }] });
    const terms = { required: [['周日', '星期天', '星期日']], forbidden: ['周六', '星期六'] };
    it('required (any alternative) present and nothing forbidden passes', () => {
      expect(evaluateExpect(sent('周日我回去吃饭'), { json_path: 'sent[to=13800000001].text', terms }).pass).toBe(true);
      expect(evaluateExpect(sent('星期 天中午回'), { json_path: 'sent[to=13800000001].text', terms }).pass).toBe(true);
    });
    it('the retracted value fails, and so does a text without the required one', () => {
      expect(evaluateExpect(sent('周六我回去吃饭'), { json_path: 'sent[to=13800000001].text', terms })).toMatchObject({
        pass: false,
        reason: expect.stringMatching(/lacks "周日" or "星期天".*forbidden "周六"/),
      });
      expect(evaluateExpect(sent('周日吧，不，周六'), { json_path: 'sent[to=13800000001].text', terms }).pass).toBe(false);
      expect(evaluateExpect(sent('好的'), { json_path: 'sent[to=13800000001].text', terms }).pass).toBe(false);
    });
    it('every message to that person counts: a second one with the old day fails', () => {
      const two = JSON.stringify({
        sent: [
          { to: '13800000001', text: '周日回' },
          { to: '13800000001', text: '还是周六吧' },
        ],
      });
      expect(evaluateExpect(two, { json_path: 'sent[to=13800000001].text', terms }).pass).toBe(false);
    });
    it('a term held only inside a word of another sense lacks it, and the reason says so (nothing denies it)', () => {
      const late = { json_path: 'sent[to=13800000001].text', terms: { required: ['晚'], forbidden: [] } };
      expect(evaluateExpect(sent('晚上好'), late)).toMatchObject({ pass: false, reason: expect.stringMatching(/lacks "晚"/) });
      expect(evaluateExpect(sent('我不晚'), late)).toMatchObject({ pass: false, reason: expect.stringMatching(/denies "晚"/) });
      expect(evaluateExpect(sent('今晚我晚点到'), late).pass).toBe(true);
    });
    it('a required term is said, not denied: a negation that reaches it fails, one in another clause does not', () => {
      const home = { json_path: 'sent[to=13800000001].text', terms: { required: ['到家'], forbidden: [] } };
      expect(evaluateExpect(sent('我还没到家'), home)).toMatchObject({ pass: false, reason: expect.stringMatching(/denies "到家"/) });
      expect(evaluateExpect(sent('我快到家了'), home).pass).toBe(false);
      expect(evaluateExpect(sent('没事，我到家了'), home).pass).toBe(true);
      expect(evaluateExpect(sent('到家了，不用等'), home).pass).toBe(true);
      const pills = { json_path: 'sent[to=13800000001].text', terms: { required: ['药', '吃'], forbidden: [] } };
      expect(evaluateExpect(sent('我忘了吃药'), pills).pass).toBe(false);
      expect(evaluateExpect(sent('我没忘吃药'), pills).pass).toBe(true);
    });
    it('terms on plain output', () => {
      expect(evaluateExpect('Hello Sunday', { terms: { required: ['sunday'], forbidden: [] } }).pass).toBe(true);
    });
  });
});
