import type { Judge } from './judge.js';

/**
 * A pair of judges where the rule checks decide (deterministic) and a second judge's verdict is reported beside them
 * with their agreement: `both` (the second is a VLM; its tokens are counted) and `rule+state` (the graph's state judge).
 * Only the deterministic rule checks run before the agent acts.
 */
export function ruleDecides(kind: 'both' | 'rule+state', rule: Judge, second: Judge): Judge {
  return {
    kind,
    async judge(ctx) {
      const [r, s] = await Promise.all([rule.judge(ctx), second.judge(ctx)]);
      const other = { pass: s.pass, reason: s.reason };
      return {
        judge: kind,
        pass: r.pass,
        reason: r.reason,
        rule: r.pass === null ? null : { pass: r.pass, reason: r.reason },
        ...(kind === 'both' ? { vlm: other, tokens: s.tokens ?? null } : { state: other }),
        agreement: r.pass === null || s.pass === null ? null : r.pass === s.pass,
        ms: (r.ms ?? 0) + (s.ms ?? 0),
      };
    },
    alreadyPasses: (ctx) => rule.alreadyPasses(ctx),
  };
}
