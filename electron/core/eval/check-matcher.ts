import type { Expect, Terms } from '../../../shared/schemas/task.js';
import type { Selection } from '../side-effects/json-select.js';
import { sameJson, select } from '../side-effects/json-select.js';
import { errorMessage } from '../../../shared/error-message.js';
import { oneOfSaid } from '../text/negation-scope.js';

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
    const path = expect.json_path;
    const found = select(value, path);
    if (expect.count !== undefined) return checkCount(found, expect.count, path);
    if (!found.ok) return { pass: false, reason: `${path || '(root)'}: ${found.reason}` };
    const what = found.many ? `every item of ${path} (${found.values.length})` : path || '(root)';
    const seen = (): string => show(found.values.map((v) => JSON.stringify(v) ?? 'undefined').join(', '));
    if (expect.terms)
      return checkTerms(found.values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join('\n'), expect.terms, path);
    if (expect.one_of_json !== undefined) {
      const options = expect.one_of_json;
      const pass = found.values.every((v) => options.some((o) => sameJson(v, o)));
      return {
        pass,
        reason: pass ? `${what} is one of ${JSON.stringify(options)}` : `${path} is ${seen()}, expected one of ${JSON.stringify(options)}`,
      };
    }
    if ('includes_json' in expect) {
      const item = expect.includes_json;
      const pass = found.values.every((v) => Array.isArray(v) && v.some((x) => sameJson(x, item)));
      return {
        pass,
        reason: pass ? `${what} includes ${JSON.stringify(item)}` : `${path} is ${seen()}, which does not include ${JSON.stringify(item)}`,
      };
    }
    const pass = found.values.every((v) => sameJson(v, expect.equals_json));
    return {
      pass,
      reason: pass
        ? `${what} equals ${JSON.stringify(expect.equals_json)}`
        : `${path} is ${seen()}, expected ${JSON.stringify(expect.equals_json)}`,
    };
  }
  if (expect.terms) return checkTerms(out, expect.terms, null);
  return { pass: false, reason: 'no matcher given' };
}

/** How many items a path selects (a filter's matches, or a list's items) against the count a check asks. */
function checkCount(found: Selection, want: number, path: string): ExpectResult {
  if (!found.ok && !found.none) return { pass: false, reason: `${path || '(root)'}: ${found.reason}` };
  const only = found.ok && !found.many ? found.values[0] : undefined;
  const n = !found.ok ? 0 : Array.isArray(only) ? only.length : found.values.length;
  const pass = n === want;
  const items = (k: number): string => `${k} item${k === 1 ? '' : 's'}`;
  return { pass, reason: `${path} selects ${items(n)}${pass ? '' : `, expected ${items(want)}`}` };
}

/** NFKC, case- and space-folded: "周 日" and "周日", "Sunday" and "sunday" are the same term. */
const fold = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

/**
 * Required terms (each, or one of its alternatives) must be said — in the text and not denied there (我还没到家 holds
 * 到家 and says the opposite: negation-scope.ts); forbidden ones must not be in it at all.
 */
export function checkTerms(text: string, terms: Terms, path: string | null): ExpectResult {
  const t = fold(text);
  const where = path ? `${path} ${show(text)}` : show(text);
  const alternatives = (r: Terms['required'][number]): string[] => (typeof r === 'string' ? [r] : r);
  // Each required term read once: 'denied' (held, and a negation reaches it) or 'absent' (not held as itself: 晚 of 晚上).
  const unsaid = terms.required.flatMap((r) => {
    const said = oneOfSaid(text, alternatives(r));
    return said === 'said' ? [] : [{ r, said }];
  });
  const present = terms.forbidden.filter((f) => t.includes(fold(f)));
  if (unsaid.length === 0 && present.length === 0)
    return { pass: true, reason: `${where} says the required terms and none of the forbidden ones` };
  const listed = (m: Terms['required'][number]): string =>
    alternatives(m)
      .map((x) => JSON.stringify(x))
      .join(' or ');
  const parts = [
    ...unsaid.map(({ r, said }) => (said === 'denied' ? `denies ${listed(r)} (a negation reaches it)` : `lacks ${listed(r)}`)),
    ...present.map((p) => `says the forbidden ${JSON.stringify(p)}`),
  ];
  return { pass: false, reason: `${where} ${parts.join(', ')}` };
}

function show(s: string): string {
  return JSON.stringify(s.length > 200 ? `${s.slice(0, 200)}…` : s);
}
