import { describe, expect, it } from 'vitest';
import type { TaskSummary } from '../../../shared/schemas/task.js';
import { selectTasks } from './run-spec.js';

const t = (id: string, mode: 'online' | 'offline', app: string): TaskSummary => ({
  id, mode, app, instruction: 'x', lang: 'zh', semantic: 'Indirect Speech', syntactic: 'Elliptical', scenario: 'System Settings', taskSet: 's',
});
const all = [t('set-font', 'online', 'Settings'), t('set-vol', 'online', 'Settings'), t('shop-cart', 'offline', 'Shop')];

describe('selectTasks', () => {
  it('selects by id wildcard, by field, and combines fields with AND and values with OR', () => {
    expect(selectTasks(all, 'set-*').map((x) => x.id)).toEqual(['set-font', 'set-vol']);
    expect(selectTasks(all, 'mode=offline').map((x) => x.id)).toEqual(['shop-cart']);
    expect(selectTasks(all, 'app=Settings,app=Shop,mode=online').map((x) => x.id)).toEqual(['set-font', 'set-vol']);
    expect(selectTasks(all, undefined)).toHaveLength(3);
  });
  it('names an unknown field', () => {
    expect(() => selectTasks(all, 'colour=red')).toThrow(/unknown field "colour"/);
  });
});
