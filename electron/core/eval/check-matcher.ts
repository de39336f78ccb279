import { isDeepStrictEqual } from 'node:util';
import type { Expect } from '../../../shared/schemas/task.js';
import { errorMessage } from '../../../shared/error-message.js';

/**
 * Compares a success check's probe output with its `expect` matcher (docs/tasks.md). Pure, so
 * the task-set tests and the run judges agree on what "pass" means. Output is trimmed first:
 * shell probes end with a newline that no task author means to match.
 */
export interface ExpectResult {
  pass: boolean;
  reason: string;
}

export function evaluateExpect(output: string, expect: Expect): ExpectResult {
  const out = output.trim();
  const show = (s: string) => JSON.stringify(s.length > 200 ? `${s.slice(0, 200)}…` : s);
  if (expect.equals !== undefined) {
    const pass = out === expect.equals;
    return { pass, reason: pass ? `output equals ${show(expect.equals)}` : `expected ${show(expect.equals)}, got ${show(out)}` };
  }
  if (expect.contains !== undefined) {
    const pass = out.includes(expect.contains);
    return { pass, reason: pass ? `output contains ${show(expect.contains)}` : `${show(out)} does not contain ${show(expect.contains)}` };
  }
  if (expect.not_contains !== undefined) {
    const pass = !out.includes(expect.not_contains);
    return { pass, reason: pass ? `output does not contain ${show(expect.not_contains)}` : `output contains ${show(expect.not_contains)}` };
  }
  if (expect.regex !== undefined) {
    let re: RegExp;
    try {
      re = new RegExp(expect.regex);
    } catch (e) {
      return { pass: false, reason: `invalid regex ${show(expect.regex)}: ${errorMessage(e)}` };
    }
    const pass = re.test(out);
    return { pass, reason: pass ? `output matches /${expect.regex}/` : `${show(out)} does not match /${expect.regex}/` };
  }
  if (expect.json_path !== undefined) {
    let value: unknown;
    try {
      value = JSON.parse(out);
    } catch {
      return { pass: false, reason: `output is not JSON: ${show(out)}` };
    }
    const found = walk(value, expect.json_path);
    if (!found.ok) return { pass: false, reason: `${expect.json_path}: ${found.reason}` };
    const pass = isDeepStrictEqual(found.value, expect.equals_json);
    return {
      pass,
      reason: pass
        ? `${expect.json_path} equals ${JSON.stringify(expect.equals_json)}`
        : `${expect.json_path} is ${show(JSON.stringify(found.value) ?? 'undefined')}, expected ${JSON.stringify(expect.equals_json)}`,
    };
  }
  return { pass: false, reason: 'no matcher given' };
}

/** Follows a dot path (`cart.0.id`); numeric segments index arrays. An empty path is the root. */
function walk(root: unknown, path: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  let cur: unknown = root;
  const parts = path === '' ? [] : path.split('.');
  for (const [i, part] of parts.entries()) {
    const at = parts.slice(0, i).join('.') || '(root)';
    if (Array.isArray(cur)) {
      if (!/^\d+$/.test(part)) return { ok: false, reason: `${at} is an array; "${part}" is not an index` };
      const idx = Number(part);
      if (idx >= cur.length) return { ok: false, reason: `${at} has ${cur.length} items, no index ${idx}` };
      cur = cur[idx];
    } else if (cur !== null && typeof cur === 'object') {
      if (!Object.prototype.hasOwnProperty.call(cur, part)) return { ok: false, reason: `${at} has no key "${part}"` };
      cur = (cur as Record<string, unknown>)[part];
    } else {
      return { ok: false, reason: `${at} is ${JSON.stringify(cur)}, cannot read "${part}"` };
    }
  }
  return { ok: true, value: cur };
}
