import { describe, expect, it } from 'vitest';
import type { DemoRoute, StateFacts } from './classify.js';
import { classifyRight } from './classify.js';
import type { Move } from './moves.js';
import type { StatePath } from './paths.js';

/**
 * The app store: a demonstration went home → the 视频 category → 广场舞教学 → 安装. A path that looks at the 棋牌游戏
 * category, comes back, and opens 广场舞教学 from the home list makes the same change on the same details page — but
 * by another route (the item from home, not from a category): once the detour is removed it never passed through a
 * category page. A path through the 视频 category after the same detour is the demonstration's route with a detour.
 */
describe('right paths against a demonstration: detours removed before pages are compared', () => {
  const facts: Record<string, StateFacts> = {
    home: { app: 'home', window: 'home', data: {} },
    video: { app: 'video', window: 'category', data: {} },
    games: { app: 'games', window: 'category', data: {} },
    details: { app: 'details', window: 'details', data: { installed: 'no' } },
    installed: { app: 'installed', window: 'details', data: { installed: 'yes' } },
  };
  const stateOf = (id: string): StateFacts => facts[id]!;
  const move = (id: string): Move => ({ id, kind: 'tap', label: id, action: { type: 'Tap', at: { x: 500, y: 500 } }, score: 1 });
  const path = (...steps: [string, string][]): StatePath => ({ steps: steps.map(([m, to]) => ({ move: move(m), to })) });
  const demo: DemoRoute = { states: ['home', 'video', 'details', 'installed'], decisions: ['tap:视频', 'tap:广场舞教学', 'tap:安装'] };

  it('the item opened from home after a look at another category: another route, not field order', () => {
    const p = path(['tap:棋牌游戏', 'games'], ['up', 'home'], ['tap:广场舞教学', 'details'], ['tap:安装', 'installed']);
    expect(classifyRight(p, 'home', [demo], stateOf)).toBe('other-route');
  });

  it('the same category route after that look: back and forth', () => {
    const p = path(
      ['tap:棋牌游戏', 'games'],
      ['up', 'home'],
      ['tap:视频', 'video'],
      ['tap:广场舞教学', 'details'],
      ['tap:安装', 'installed'],
    );
    expect(classifyRight(p, 'home', [demo], stateOf)).toBe('back-and-forth');
  });
});
