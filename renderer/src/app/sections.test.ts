import { describe, expect, it } from 'vitest';
import { DEFAULT_SECTION, SECTIONS, sectionFromHash } from './sections.js';

describe('sections', () => {
  it('maps the URL hash to a known section, else the default', () => {
    expect(sectionFromHash('#/settings')).toBe('settings');
    expect(sectionFromHash('#runs')).toBe('runs');
    expect(sectionFromHash('#/nope')).toBe(DEFAULT_SECTION);
    expect(sectionFromHash('')).toBe(DEFAULT_SECTION);
  });

  it('has the sections the issue names, each with a purpose', () => {
    expect(SECTIONS.map((s) => s.label)).toEqual([
      'Overview',
      'Devices',
      'Record',
      'Tasks',
      'Graphs',
      'Runs',
      'Review',
      'Analysis',
      'Settings',
    ]);
    for (const s of SECTIONS) expect(s.purpose.length).toBeGreaterThan(10);
  });
});
