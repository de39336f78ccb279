/**
 * Cleaning a raw reply before looking for the action (docs/agents.md, reply case 1): special tokens
 * that some servers leak, GLM's box markers, an [EOS] literal, markdown fences, and
 * the thinking wrappers. Each step is conservative: it only removes markup, never content.
 */

const LEAKED_TOKENS = [/<\|begin_of_box\|>/g, /<\|end_of_box\|>/g, /\[EOS\]/g, /<\|im_end\|>/g, /<\|endoftext\|>/g, /<\|user\|>/g];

export function stripLeakedTokens(raw: string): string {
  let s = raw;
  for (const re of LEAKED_TOKENS) s = s.replace(re, '');
  return s;
}

/** Removes ``` fences but keeps what is inside them. */
export function stripFences(s: string): string {
  return s.replace(/```[a-zA-Z]*[ \t]*\r?\n?/g, '');
}

export interface ThinkSplit {
  thought: string;
  rest: string;
}

/**
 * Pulls <think>…</think> / <thinking>…</thinking> out. A missing close tag means the
 * thought runs up to the first line that looks like an action section; with no such
 * line we leave the text alone and let the caller's scanner decide.
 */
export function splitThinking(s: string): ThinkSplit {
  const m = firstClosedThinkBlock(s);
  if (m) {
    return { thought: s.slice(m.bodyStart, m.bodyEnd).trim(), rest: s.slice(0, m.start) + s.slice(m.end) };
  }
  const close = /<\/(think|thinking)>/i.exec(s);
  if (close) {
    // Open tag stripped by the server (skip_special_tokens) but the close survived.
    return {
      thought: s
        .slice(0, close.index)
        .replace(/<(think|thinking)>/i, '')
        .trim(),
      rest: s.slice(close.index + close[0].length),
    };
  }
  return { thought: '', rest: s };
}

/**
 * The first `<think>…</think>` (or `<thinking>…</thinking>`) whose open tag has a close of the
 * same name after it, like `/<(think|thinking)>([\s\S]*?)<\/\1>/i` but linear: once no close
 * of a name follows some open tag, none follows any later one, so each name is searched for
 * in vain at most once (the regex re-scanned to the end for every open tag).
 */
function firstClosedThinkBlock(s: string): { start: number; bodyStart: number; bodyEnd: number; end: number } | null {
  const open = /<(think|thinking)>/gi;
  const noCloseAfter: Record<string, number> = {};
  let m: RegExpExecArray | null;
  while ((m = open.exec(s)) !== null) {
    const name = m[1]!.toLowerCase();
    const bodyStart = m.index + m[0].length;
    if (noCloseAfter[name] !== undefined && bodyStart >= noCloseAfter[name]!) continue;
    const close = new RegExp(`</${name}>`, 'gi');
    close.lastIndex = bodyStart;
    const c = close.exec(s);
    if (!c) {
      noCloseAfter[name] = bodyStart;
      continue;
    }
    return { start: m.index, bodyStart, bodyEnd: c.index, end: c.index + c[0].length };
  }
  return null;
}

/** The content of the last <tag>…</tag>; tolerates a missing close tag (GLM-V #74). Null when absent. */
export function tagContent(s: string, tag: string): string | null {
  const open = new RegExp(`<${tag}>`, 'gi');
  let last = -1;
  let m: RegExpExecArray | null;
  while ((m = open.exec(s)) !== null) last = m.index + m[0].length;
  if (last < 0) return null;
  const rest = s.slice(last);
  const close = rest.search(new RegExp(`</${tag}>`, 'i'));
  return close < 0 ? rest : rest.slice(0, close);
}

/** Drops any stray open/close tags of the given names (keeps their content). */
export function dropTags(s: string, tags: string[]): string {
  return s.replace(new RegExp(`</?(${tags.join('|')})>`, 'gi'), '');
}
