import type { Paint, VNode, Rect } from './vnode.js';
import { node } from './vnode.js';
import type { Theme } from './theme.js';
import { textWidth, wrapText } from './theme.js';

/** What laying out a screen needs: the app's package (for resource ids), the theme, which input has focus. */
export interface LayoutEnv {
  pkg: string;
  theme: Theme;
  focusedInput: string | null;
}

export function rid(env: LayoutEnv, id: string | undefined): string {
  if (!id) return '';
  return id.includes(':') ? id : `${env.pkg}:id/${id}`;
}

export function textPaints(
  lines: string[],
  x: number,
  y: number,
  size: number,
  fill: string,
  weight = 400,
  anchor: 'start' | 'middle' = 'start',
): Paint[] {
  const lh = Math.round(size * 1.35);
  return lines.map((t, i) => ({ op: 'text', x, y: y + i * lh + Math.round(lh / 2 + size * 0.36), text: t, size, fill, weight, anchor }));
}

export function textNode(
  env: LayoutEnv,
  text: string,
  x: number,
  y: number,
  maxW: number,
  size: number,
  opts: { id?: string; color?: string; weight?: number; maxLines?: number; center?: boolean } = {},
): VNode {
  const lines = wrapText(text, size, maxW, opts.maxLines ?? 1);
  const lh = Math.round(size * 1.35);
  const w = Math.min(maxW, Math.max(...lines.map((l) => textWidth(l, size)), 1));
  const x1 = opts.center ? Math.round(x + (maxW - w) / 2) : x;
  const bounds: Rect = [x1, y, x1 + w, y + lh * lines.length];
  const paints = textPaints(
    lines,
    opts.center ? x + maxW / 2 : x,
    y,
    size,
    opts.color ?? env.theme.palette.onSurface,
    opts.weight,
    opts.center ? 'middle' : 'start',
  );
  return node({ cls: 'android.widget.TextView', pkg: env.pkg, rid: rid(env, opts.id), text, bounds, paints });
}

export function iconCircle(cx: number, cy: number, r: number, glyph: string, fill: string, fg: string): Paint[] {
  return [
    { op: 'circle', cx, cy, r, fill },
    { op: 'text', x: cx, y: cy + Math.round(r * 0.38), text: glyph, size: Math.round(r * 1.05), fill: fg, anchor: 'middle' },
  ];
}
