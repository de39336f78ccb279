import { describe, expect, it } from 'vitest';
import { SEMANTIC_CATEGORIES, SYNTACTIC_CATEGORIES, KNOWN_SCENARIOS } from '../../../shared/schemas/task.js';
import { OFFLINE_PACKAGES, loadDemos, loadSampleTasks } from './sample-set.js';

/** The sample set's composition mirrors the paper (Table 9 semantic shares, §3.2 categories, Appendix J). */
const TABLE_9: Record<(typeof SEMANTIC_CATEGORIES)[number], number> = {
  'Under-specification': 38.15,
  'Indirect Speech': 19.28,
  'Clear and Explicit': 17.67,
  'Referential Ambiguity': 12.85,
  'Disfluency-Correction': 12.05,
};

describe('sample set composition', () => {
  const tasks = loadSampleTasks();

  it('has at least 60 uniquely named zh tasks with translations and normalized rewrites', () => {
    expect(tasks.length).toBeGreaterThanOrEqual(60);
    expect(new Set(tasks.map((t) => t.id)).size).toBe(tasks.length);
    for (const t of tasks) {
      expect(t.lang, t.id).toBe('zh');
      expect(t.translation, t.id).toBeTruthy();
      expect(t.normalized, t.id).toBeTruthy();
      expect(t.success_checks.length, t.id).toBeGreaterThan(0);
    }
  });

  it('spreads the semantic categories within 3 points of Table 9', () => {
    for (const cat of SEMANTIC_CATEGORIES) {
      const share = (100 * tasks.filter((t) => t.annotations.semantic === cat).length) / tasks.length;
      expect(Math.abs(share - TABLE_9[cat]), `${cat}: ${share.toFixed(1)}% vs ${TABLE_9[cat]}%`).toBeLessThanOrEqual(3);
    }
  });

  it('covers every syntactic category and every scenario of the paper', () => {
    for (const s of SYNTACTIC_CATEGORIES)
      expect(
        tasks.some((t) => t.annotations.syntactic === s),
        s,
      ).toBe(true);
    for (const s of KNOWN_SCENARIOS)
      expect(
        tasks.some((t) => t.annotations.scenario === s),
        s,
      ).toBe(true);
  });

  it('is about half online, half offline, with offline tasks only in the five offline-style apps', () => {
    const offline = tasks.filter((t) => t.mode === 'offline');
    expect(offline.length / tasks.length).toBeGreaterThanOrEqual(0.4);
    expect(offline.length / tasks.length).toBeLessThanOrEqual(0.6);
    for (const t of offline) expect(OFFLINE_PACKAGES, t.id).toContain(t.package);
    for (const pkg of OFFLINE_PACKAGES)
      expect(
        offline.some((t) => t.package === pkg),
        pkg,
      ).toBe(true);
  });

  it('gives every task a demonstration, and offline tasks two that take different paths', () => {
    for (const t of tasks) {
      const demos = loadDemos(t.id);
      expect(demos.length, t.id).toBeGreaterThanOrEqual(t.mode === 'offline' ? 2 : 1);
      if (t.mode === 'offline')
        expect(new Set(demos.map((d) => JSON.stringify(d))).size, `${t.id}: demos are identical`).toBe(demos.length);
    }
  });

  it('uses at least 15 apps', () => {
    expect(new Set(tasks.map((t) => t.package)).size).toBeGreaterThanOrEqual(15);
  });
});
