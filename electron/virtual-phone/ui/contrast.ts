import type { VNode } from './vnode.js';

/**
 * Android's "High contrast text" (Accessibility): every text is drawn pure black or pure white —
 * whichever its colour is closer to — with an outline of the other, so it stands out from any
 * background. Applied to the finished frame, like the platform applies it at draw time.
 */
function luminance(color: string): number | null {
  const m = /^#([0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return null;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(m[1]!.slice(i, i + 2), 16) / 255) as [number, number, number];
  const lin = (c: number): number => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function applyHighContrastText(windows: readonly VNode[]): void {
  const walk = (n: VNode): void => {
    for (const p of n.paints) {
      if (p.op !== 'text') continue;
      const l = luminance(p.fill);
      if (l === null) continue;
      const light = l > 0.5;
      p.fill = light ? '#FFFFFF' : '#000000';
      p.outline = light ? '#000000' : '#FFFFFF';
      p.outlineWidth = Math.max(2, Math.round(p.size / 10));
      p.weight = Math.max(p.weight ?? 400, 500);
    }
    n.children.forEach(walk);
  };
  windows.forEach(walk);
}
