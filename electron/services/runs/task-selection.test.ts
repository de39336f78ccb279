import { describe, expect, it } from 'vitest';
import type { TaskSummary } from '../../../shared/schemas/task.js';
import { StartRunSchema } from '../../../shared/api/services.js';
import { VARIANTS } from '../../core/eval/variants.js';
import { USER_MODES } from '../../core/user/user-turn.js';
import { RunSpecSchema } from '../../../shared/schemas/run-spec.js';
import { selectTasks } from './task-selection.js';

const t = (id: string, mode: 'online' | 'offline', app: string): TaskSummary => ({
  id,
  mode,
  app,
  translation: null,
  instruction: 'x',
  lang: 'zh',
  semantic: 'Indirect Speech',
  syntactic: 'Elliptical',
  scenario: 'System Settings',
  taskSet: 's',
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

describe('the run spec: who answers and device variants', () => {
  const base = { mode: 'online' as const, agents: ['a'], taskIds: ['t'] };

  it("defaults to nobody answering and no variant (today's runs), and accepts every mode and variant the API offers", () => {
    expect(RunSpecSchema.parse(base)).toMatchObject({ user: 'none' });
    expect(RunSpecSchema.parse(base).variant).toBeUndefined();
    for (const user of USER_MODES)
      expect(StartRunSchema.safeParse({ ...base, user, ...(user === 'simulated' ? { userAgent: 'u' } : {}) }).success).toBe(true);
    for (const variant of VARIANTS) {
      expect(StartRunSchema.safeParse({ ...base, variant }).success).toBe(true);
      expect(RunSpecSchema.safeParse({ ...base, variant }).success).toBe(true);
    }
  });

  it.each([
    [{ user: 'simulated' }, /--user simulated needs --user-agent/],
    [{ user: 'scripted', userAgent: 'u' }, /only used with --user simulated/],
    [{ variant: 'font-large', mode: 'both' }, /--variant .* needs --mode online/],
    [{ variant: 'font-large', mode: 'offline' }, /needs --mode online/],
    [{ variant: 'huge' }, /Invalid option/],
  ])('refuses %o with a message naming the option', (extra, message) => {
    const r = RunSpecSchema.safeParse({ ...base, ...extra });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message).join('; ')).toMatch(message);
  });
});
