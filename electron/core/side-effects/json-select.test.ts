import { describe, expect, it } from 'vitest';
import { isPositional, parseSelector, SelectorError } from '../../../shared/domain/json-path.js';
import { select } from './json-select.js';

describe('json paths, items by identity', () => {
  const doc = {
    alarms: [
      { id: 1, hour: 7, minute: 0, label: '' },
      { id: 2, hour: 8, minute: 30, label: '吃药, 早上' },
    ],
    installed: ['weather-pro', 'dance'],
    apps: { 'com.vphone.shop': { cart: [] } },
  };
  it('selects by field values (as text), by plain value, through quoted keys with dots', () => {
    expect(select(doc, 'alarms[hour=8].id')).toEqual({ ok: true, values: [2], many: true });
    expect(select(doc, 'alarms[label="吃药, 早上"].hour')).toMatchObject({ values: [8] });
    expect(select(doc, 'alarms[label=].id')).toMatchObject({ values: [1] });
    expect(select(doc, 'installed[=dance]')).toMatchObject({ values: ['dance'] });
    expect(select(doc, 'apps."com.vphone.shop".cart')).toMatchObject({ values: [[]], many: false });
    expect(select(doc, 'alarms[minute=0][hour=7].id')).toMatchObject({ values: [1] });
  });
  it('says why nothing was selected, never an empty pass', () => {
    expect(select(doc, 'alarms[hour=6].id')).toEqual({ ok: false, none: true, reason: 'no item matches alarms[hour=6]' });
    expect(select(doc, 'alarms.hour')).toMatchObject({ ok: false, reason: expect.stringContaining('select items with [field=value]') });
    expect(select(doc, 'installed.5')).toMatchObject({ ok: false, reason: 'installed has 2 items, no index 5' });
    expect(select(doc, 'apps[x=1]')).toMatchObject({ ok: false, reason: 'apps is not a list, cannot filter it' });
  });
  it('parses and refuses paths, and tells positional ones apart', () => {
    expect(isPositional(parseSelector('alarms.0.enabled'))).toBe(true);
    expect(isPositional(parseSelector('alarms[id=0].enabled'))).toBe(false);
    expect(isPositional(parseSelector('"0"'))).toBe(false); // a quoted key is a key
    for (const bad of ['a..b', 'a[', 'a[x]', 'a.', '"a']) expect(() => parseSelector(bad), bad).toThrow(SelectorError);
  });
});
