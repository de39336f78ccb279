import type { Paint, VNode } from './vnode.js';
import { SCREEN_W, SCREEN_H, FONT_FAMILY } from './theme.js';

/** Paints a stack of windows (bottom first) into one SVG document for sharp/librsvg. */

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;'));
}

const r = (n: number) => Math.round(n * 10) / 10;

function paint(p: Paint): string {
  switch (p.op) {
    case 'rect':
      return `<rect x="${r(p.x)}" y="${r(p.y)}" width="${r(Math.max(0, p.w))}" height="${r(Math.max(0, p.h))}"${p.r ? ` rx="${r(p.r)}"` : ''} fill="${p.fill}"${p.stroke ? ` stroke="${p.stroke}" stroke-width="${p.sw ?? 1}"` : ''}/>`;
    case 'circle':
      return `<circle cx="${r(p.cx)}" cy="${r(p.cy)}" r="${r(p.r)}" fill="${p.fill}"${p.stroke ? ` stroke="${p.stroke}" stroke-width="${p.sw ?? 1}"` : ''}/>`;
    case 'line':
      return `<line x1="${r(p.x1)}" y1="${r(p.y1)}" x2="${r(p.x2)}" y2="${r(p.y2)}" stroke="${p.stroke}" stroke-width="${p.sw}"/>`;
    case 'path':
      return `<path d="${p.d}" fill="${p.fill}"${p.stroke ? ` stroke="${p.stroke}" stroke-width="${p.sw ?? 1}"` : ''}/>`;
    case 'text':
      if (p.text === '') return '';
      return `<text x="${r(p.x)}" y="${r(p.y)}" font-size="${p.size}"${p.weight && p.weight !== 400 ? ` font-weight="${p.weight}"` : ''}${p.anchor && p.anchor !== 'start' ? ` text-anchor="${p.anchor}"` : ''} fill="${p.fill}"${p.outline ? ` stroke="${p.outline}" stroke-width="${p.outlineWidth ?? 2}" stroke-linejoin="round" paint-order="stroke"` : ''}>${escapeXml(p.text)}</text>`;
  }
}

export function renderSvg(windows: VNode[]): string {
  const out: string[] = [];
  const defs: string[] = [];
  let clipId = 0;
  const walk = (n: VNode) => {
    for (const p of n.paints) out.push(paint(p));
    if (n.children.length === 0) return;
    if (n.clip) {
      const id = `c${clipId++}`;
      const [x1, y1, x2, y2] = n.clip;
      defs.push(`<clipPath id="${id}"><rect x="${x1}" y="${y1}" width="${x2 - x1}" height="${y2 - y1}"/></clipPath>`);
      out.push(`<g clip-path="url(#${id})">`);
      for (const c of n.children) walk(c);
      out.push('</g>');
    } else {
      for (const c of n.children) walk(c);
    }
  };
  for (const w of windows) walk(w);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SCREEN_W}" height="${SCREEN_H}" viewBox="0 0 ${SCREEN_W} ${SCREEN_H}" font-family="${FONT_FAMILY.replace(/"/g, "'")}"><defs>${defs.join('')}</defs>${out.join('')}</svg>`;
}
