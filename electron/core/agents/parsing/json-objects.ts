import { WorkBudget } from './work-budget.js';

/**
 * Finds JSON objects embedded in free text: balanced braces, aware of JSON strings.
 * Used for <tool_call> bodies and the generic VLM format, where models add prose,
 * fences or several objects around the one we want.
 */
export interface FoundObject {
  value: Record<string, unknown>;
  start: number;
  end: number;
}

export interface ObjectScan {
  objects: FoundObject[];
  /** An opening brace that never closed (a cut-off reply). */
  unclosedAt: number | null;
}

export function findJsonObjects(s: string, budget: WorkBudget = new WorkBudget(s.length)): ObjectScan {
  const objects: FoundObject[] = [];
  let unclosedAt: number | null = null;
  let i = 0;
  while (i < s.length) {
    const open = s.indexOf('{', i);
    if (open < 0) break;
    const end = matchBrace(s, open);
    if (end < 0) {
      unclosedAt ??= open;
      break;
    }
    // Nested braces that are not JSON (`{{{…}}}`) make each inner start re-scan its span:
    // the budget bounds the total (see WorkBudget).
    if (!budget.spend(2 * (end - open))) break;
    const value = tryParse(s.slice(open, end));
    if (value) {
      objects.push({ value, start: open, end });
      i = end;
    } else {
      i = open + 1;
    }
  }
  return { objects, unclosedAt };
}

function matchBrace(s: string, open: number): number {
  let depth = 0;
  let inString = false;
  for (let i = open; i < s.length; i++) {
    const c = s[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

function tryParse(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
