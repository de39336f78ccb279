import type { VNode } from './vnode.js';

/**
 * Writes the dump exactly the way AccessibilityNodeInfoDumper does: one line, fixed attribute
 * order, `NAF="true"` for clickable nodes with no text/desc in their subtree, invalid XML chars → '.'.
 * Like Android 8+ it ends each node with `hint` (empty for nodes without one), and an empty editable
 * field reports its hint as its text.
 */
const HEADER = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>";
const NAF_EXEMPT = new Set([
  'android.widget.GridView',
  'android.widget.GridLayout',
  'android.widget.ListView',
  'android.widget.TableLayout',
]);

function attr(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    const valid = c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || c >= 0x10000;
    if (!valid) out += '.';
    else if (ch === '&') out += '&amp;';
    else if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (ch === '"') out += '&quot;';
    else if (ch === "'") out += '&apos;';
    else if (ch === '\n') out += '&#10;';
    else out += ch;
  }
  return out;
}

/** Replaces layout-only wrappers by their children, as the accessibility tree would. */
export function visibleChildren(n: VNode): VNode[] {
  return n.children.flatMap((c) => (c.hidden ? visibleChildren(c) : [c]));
}

function hasLabel(n: VNode): boolean {
  return n.text !== '' || n.desc !== '' || visibleChildren(n).some(hasLabel);
}

function write(n: VNode, index: number, out: string[]): void {
  const b = n.bounds;
  const naf = n.clickable && !NAF_EXEMPT.has(n.cls) && !hasLabel(n) ? 'NAF="true" ' : '';
  out.push(
    `<node ${naf}index="${index}" text="${attr(n.text)}" resource-id="${attr(n.rid)}" class="${n.cls}" package="${attr(n.pkg)}" content-desc="${attr(n.desc)}" ` +
      `checkable="${!!n.checkable}" checked="${!!n.checked}" clickable="${!!n.clickable}" enabled="${n.enabled !== false}" focusable="${!!n.focusable}" ` +
      `focused="${!!n.focused}" scrollable="${!!n.scrollable}" long-clickable="${!!n.longClickable}" password="${!!n.password}" selected="${!!n.selected}" ` +
      `bounds="[${Math.round(b[0])},${Math.round(b[1])}][${Math.round(b[2])},${Math.round(b[3])}]" hint="${attr(n.hint ?? '')}"`,
  );
  const kids = visibleChildren(n);
  if (kids.length === 0) {
    out.push(' />');
    return;
  }
  out.push('>');
  kids.forEach((c, i) => write(c, i, out));
  out.push('</node>');
}

export function renderXml(root: VNode, rotation = 0): string {
  const out: string[] = [HEADER, `<hierarchy rotation="${rotation}">`];
  write(root, 0, out);
  out.push('</hierarchy>');
  return out.join('');
}
