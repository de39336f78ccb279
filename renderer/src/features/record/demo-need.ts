/**
 * Whether a task has the demonstrations it needs: one for an online task (the replay
 * oracle follows it), two for an offline task (a graph from one path knows one way only).
 */
export type DemoNeed = 'none' | 'second-path' | 'enough';

export function demoNeed(mode: 'online' | 'offline', finished: number): DemoNeed {
  if (finished === 0) return 'none';
  if (mode === 'offline' && finished < 2) return 'second-path';
  return 'enough';
}

export function demoNeedText(mode: 'online' | 'offline', finished: number): string {
  const need = demoNeed(mode, finished);
  if (need === 'none') return 'none yet';
  if (need === 'second-path') return `${finished} — needs a 2nd path`;
  return `${finished} ✓`;
}
