import type { Paint, VNode } from './vnode.js';
import { node } from './vnode.js';
import type { Widget, ButtonWidget, AppIconWidget, ToggleWidget } from './widgets.js';
import { textWidth, wrapText, ellipsize } from './theme.js';
import type { LayoutEnv } from './layout-text.js';
import { iconCircle, rid, textNode, textPaints } from './layout-text.js';
import { placeRow } from './layout-row.js';

export type { LayoutEnv } from './layout-text.js';
export { rid } from './layout-text.js';

/*
 * Places one widget at (x, y) with a given width and returns its view node (bounds + paints).
 * Heights follow Material list metrics in dp, text in sp, so font scale reflows the screen.
 */

export function placeButton(env: LayoutEnv, b: ButtonWidget, x: number, y: number, w: number, h: number): VNode {
  const px = env.theme.dp;
  const p = env.theme.palette;
  const enabled = b.enabled !== false;
  const style = b.style ?? 'filled';
  const bg = style === 'filled' ? p.primary : style === 'tonal' ? p.surfaceVariant : 'none';
  const fg = style === 'filled' ? p.onPrimary : style === 'tonal' ? p.onSurface : p.primary;
  const size = env.theme.sp(15);
  const paints: Paint[] = [];
  if (bg !== 'none') paints.push({ op: 'rect', x, y, w, h, fill: bg, r: Math.round(h / 2) });
  paints.push({
    op: 'text',
    x: x + w / 2,
    y: y + Math.round(h / 2 + size * 0.36),
    text: ellipsize(b.text, size, w - px(12)),
    size,
    fill: enabled ? fg : p.outline,
    weight: 500,
    anchor: 'middle',
  });
  return node({
    cls: 'android.widget.Button',
    pkg: env.pkg,
    rid: rid(env, b.id),
    text: b.text,
    desc: b.desc ?? '',
    bounds: [x, y, x + w, y + h],
    paints,
    clickable: enabled,
    focusable: true,
    enabled,
    onTap: enabled ? b.onTap : undefined,
  });
}

function placeCell(env: LayoutEnv, c: ButtonWidget | AppIconWidget | ToggleWidget, x: number, y: number, w: number, h: number): VNode {
  const px = env.theme.dp;
  const p = env.theme.palette;
  if (c.kind === 'button') return placeButton(env, c, x + px(4), y + px(4), w - px(8), h - px(8));
  if (c.kind === 'toggle') {
    const size = env.theme.sp(14);
    const r = Math.min(w, h) / 2 - px(4);
    return node({
      cls: 'android.widget.CheckBox',
      pkg: env.pkg,
      rid: rid(env, c.id),
      text: c.text,
      bounds: [x, y, x + w, y + h],
      checkable: true,
      checked: c.checked,
      clickable: true,
      focusable: true,
      onTap: () => c.onToggle(!c.checked),
      paints: [
        ...iconCircle(x + w / 2, y + h / 2, r, '', c.checked ? p.primary : p.surfaceVariant, p.onSurface),
        {
          op: 'text',
          x: x + w / 2,
          y: y + h / 2 + size * 0.36,
          text: c.text,
          size,
          fill: c.checked ? p.onPrimary : p.onSurface,
          anchor: 'middle',
        },
      ],
    });
  }
  const r = px(28);
  const size = env.theme.sp(12);
  const cx = x + w / 2;
  const cy = y + px(8) + r;
  const paints: Paint[] = [...iconCircle(cx, cy, r, c.glyph, c.color, '#FFFFFF')];
  const label = ellipsize(c.label, size, w - px(4));
  paints.push({ op: 'text', x: cx, y: cy + r + px(8) + size, text: label, size, fill: env.theme.palette.onSurface, anchor: 'middle' });
  if (c.badge && c.badge > 0) {
    paints.push({ op: 'circle', cx: cx + r * 0.8, cy: cy - r * 0.8, r: px(11), fill: '#D93025' });
    paints.push({
      op: 'text',
      x: cx + r * 0.8,
      y: cy - r * 0.8 + px(4),
      text: c.badge > 99 ? '99+' : String(c.badge),
      size: px(11),
      fill: '#FFFFFF',
      anchor: 'middle',
      weight: 700,
    });
  }
  const desc = c.desc ?? c.label;
  return node({
    cls: 'android.widget.TextView',
    pkg: env.pkg,
    text: c.label,
    desc,
    bounds: [x, y, x + w, y + h],
    paints,
    clickable: true,
    focusable: true,
    longClickable: !!c.onLongPress,
    onTap: c.onTap,
    onLongPress: c.onLongPress,
  });
}

/** Returns the widget's node; its height is `bounds[3] - y`. */
export function placeWidget(env: LayoutEnv, wd: Widget, x: number, y: number, w: number): VNode {
  const t = env.theme;
  const p = t.palette;
  const px = t.dp;
  const PAD = px(16);
  switch (wd.kind) {
    case 'spacer':
      return node({ cls: 'android.view.View', pkg: env.pkg, bounds: [x, y, x + w, y + px(wd.height)], hidden: true });
    case 'text': {
      const size = t.sp(wd.size ?? 16);
      const n = textNode(env, wd.text, x + PAD, y + px(8), w - 2 * PAD, size, {
        id: wd.id,
        color: wd.color,
        weight: wd.bold ? 600 : 400,
        maxLines: wd.maxLines ?? 3,
        center: wd.align === 'center',
      });
      const wrap = node({
        cls: 'android.widget.LinearLayout',
        pkg: env.pkg,
        bounds: [x, y, x + w, n.bounds[3] + px(8)],
        children: [n],
        hidden: true,
      });
      if (wd.onTap) {
        n.clickable = true;
        n.onTap = wd.onTap;
      }
      if (wd.desc) n.desc = wd.desc;
      return wrap;
    }
    case 'bigtext': {
      const size = px(wd.size ?? 64);
      const n = textNode(env, wd.text, x, y + px(16), w, size, { id: wd.id, weight: 300, center: true });
      const children = [n];
      let bottom = n.bounds[3];
      if (wd.sub) {
        const s = textNode(env, wd.sub, x, bottom, w, t.sp(16), { center: true, color: p.onSurfaceVariant });
        children.push(s);
        bottom = s.bounds[3];
      }
      return node({ cls: 'android.widget.LinearLayout', pkg: env.pkg, bounds: [x, y, x + w, bottom + px(16)], children, hidden: true });
    }
    case 'row': {
      return placeRow(env, wd, x, y, w);
    }
    case 'slider': {
      const titleSize = t.sp(17);
      const title = textNode(env, wd.title, x + PAD, y + px(12), w - 2 * PAD, titleSize);
      const sy = title.bounds[3] + px(4);
      const barX1 = x + PAD;
      const barX2 = x + w - PAD;
      const frac = (wd.value - wd.min) / Math.max(1, wd.max - wd.min);
      const tx = barX1 + frac * (barX2 - barX1);
      const bar = node({
        cls: 'android.widget.SeekBar',
        pkg: env.pkg,
        rid: rid(env, wd.id ?? 'android:id/seekbar'),
        bounds: [barX1, sy, barX2, sy + px(48)],
        focusable: true,
        clickable: true,
        paints: [
          { op: 'rect', x: barX1, y: sy + px(22), w: barX2 - barX1, h: px(4), r: px(2), fill: p.surfaceVariant },
          { op: 'rect', x: barX1, y: sy + px(22), w: tx - barX1, h: px(4), r: px(2), fill: p.primary },
          { op: 'circle', cx: tx, cy: sy + px(24), r: px(10), fill: p.primary },
        ],
        onSlide: (f) => wd.onChange(Math.round(wd.min + Math.min(1, Math.max(0, f)) * (wd.max - wd.min))),
      });
      const children = [title, bar];
      let bottom = sy + px(48);
      if (wd.summary) {
        const s = textNode(env, wd.summary, x + PAD, bottom, w - 2 * PAD, t.sp(14), {
          id: 'android:id/summary',
          color: p.onSurfaceVariant,
        });
        children.push(s);
        bottom = s.bounds[3];
      }
      return node({ cls: 'android.widget.LinearLayout', pkg: env.pkg, bounds: [x, y, x + w, bottom + px(8)], children });
    }
    case 'button': {
      const h = Math.max(px(48), t.sp(15) * 2 + px(8));
      const bw = Math.min(w - 2 * PAD, textWidth(wd.text, t.sp(15)) + px(48));
      const btn = placeButton(env, wd, x + PAD, y + px(8), wd.style === 'filled' || !wd.style ? w - 2 * PAD : bw, h);
      return node({
        cls: 'android.widget.LinearLayout',
        pkg: env.pkg,
        bounds: [x, y, x + w, y + h + px(16)],
        children: [btn],
        hidden: true,
      });
    }
    case 'buttons': {
      const h = Math.max(px(48), t.sp(15) * 2 + px(8));
      const n = wd.buttons.length;
      const bw = Math.floor((w - PAD * (n + 1)) / Math.max(1, n));
      const children = wd.buttons.map((b, i) => placeButton(env, b, x + PAD + i * (bw + PAD), y + px(8), bw, h));
      return node({
        cls: 'android.widget.LinearLayout',
        pkg: env.pkg,
        rid: rid(env, wd.id),
        bounds: [x, y, x + w, y + h + px(16)],
        children,
      });
    }
    case 'input': {
      const size = t.sp(17);
      const lines = wd.multiline
        ? wrapText(wd.value || wd.hint, size, w - 4 * PAD, 4)
        : [ellipsize(wd.password ? '•'.repeat(wd.value.length) : wd.value || wd.hint, size, w - 4 * PAD)];
      const h = Math.max(px(56), lines.length * Math.round(size * 1.35) + px(24));
      const focused = env.focusedInput === wd.id;
      const bx = x + PAD;
      const bw = w - 2 * PAD;
      const paints: Paint[] = [
        {
          op: 'rect',
          x: bx,
          y: y + px(4),
          w: bw,
          h: h - px(8),
          r: px(8),
          fill: p.surface,
          stroke: focused ? p.primary : p.outline,
          sw: focused ? 5 : 2,
        },
        ...textPaints(
          lines,
          bx + PAD,
          y + Math.round((h - lines.length * size * 1.35) / 2),
          size,
          wd.value ? p.onSurface : p.onSurfaceVariant,
        ),
      ];
      if (focused) {
        const last = lines[lines.length - 1] ?? '';
        const cx = bx + PAD + (wd.value ? textWidth(last, size) : 0) + 3;
        const cy = y + Math.round((h - lines.length * size * 1.35) / 2) + (lines.length - 1) * Math.round(size * 1.35);
        paints.push({ op: 'line', x1: cx, y1: cy + px(4), x2: cx, y2: cy + Math.round(size * 1.35) - px(4), stroke: p.primary, sw: 4 });
      }
      const shown = wd.value === '' ? wd.hint : wd.password ? '•'.repeat(wd.value.length) : wd.value;
      return node({
        cls: 'android.widget.EditText',
        pkg: env.pkg,
        rid: rid(env, wd.id),
        text: shown,
        hint: wd.hint,
        bounds: [bx, y + px(4), bx + bw, y + h - px(4)],
        paints,
        clickable: true,
        focusable: true,
        focused,
        longClickable: true,
        password: !!wd.password,
        inputId: wd.id,
      });
    }
    case 'tabs': {
      const h = px(56);
      const n = wd.tabs.length;
      const tw = w / Math.max(1, n);
      const size = t.sp(14);
      const children = wd.tabs.map((tab, i) => {
        const tx = Math.round(x + i * tw);
        const label = textNode(env, tab.label, tx, y + Math.round((h - size * 1.35) / 2) + (tab.glyph ? px(10) : 0), Math.round(tw), size, {
          center: true,
          color: tab.selected ? p.primary : p.onSurfaceVariant,
          weight: tab.selected ? 600 : 400,
        });
        const paints: Paint[] = tab.selected
          ? [{ op: 'rect', x: tx + tw * 0.2, y: y + h - px(3), w: tw * 0.6, h: px(3), fill: p.primary }]
          : [];
        if (tab.glyph)
          paints.push({
            op: 'text',
            x: tx + tw / 2,
            y: y + px(22),
            text: tab.glyph,
            size: px(20),
            fill: tab.selected ? p.primary : p.onSurfaceVariant,
            anchor: 'middle',
          });
        const kids = [label];
        if (tab.badge) {
          // A count badge on the tab's icon (items in the cart), drawn as real apps do: a red dot with the number.
          const bx = tx + tw / 2 + px(8);
          const by = y + px(4);
          kids.push(
            node({
              cls: 'android.widget.TextView',
              pkg: env.pkg,
              rid: rid(env, 'tab_badge'),
              text: String(tab.badge),
              bounds: [bx, by, bx + px(20), by + px(18)],
              paints: [
                { op: 'rect', x: bx, y: by, w: px(20), h: px(18), r: px(9), fill: '#E53935' },
                { op: 'text', x: bx + px(10), y: by + px(13), text: String(tab.badge), size: px(11), fill: '#FFFFFF', anchor: 'middle' },
              ],
            }),
          );
        }
        return node({
          cls: 'android.widget.LinearLayout',
          pkg: env.pkg,
          desc: tab.label,
          bounds: [tx, y, Math.round(tx + tw), y + h],
          children: kids,
          paints,
          clickable: true,
          focusable: true,
          selected: tab.selected,
          onTap: tab.onTap,
        });
      });
      return node({
        cls: 'android.widget.HorizontalScrollView',
        pkg: env.pkg,
        rid: rid(env, wd.id ?? 'tabs'),
        bounds: [x, y, x + w, y + h],
        children,
        paints: [{ op: 'rect', x, y, w, h, fill: p.surface }],
      });
    }
    case 'image': {
      const h = px(wd.height);
      const paints: Paint[] = [{ op: 'rect', x: x + PAD, y: y + px(8), w: w - 2 * PAD, h: h - px(16), r: px(16), fill: wd.color }];
      if (wd.label) paints.push(...textPaints([wd.label], x + w / 2, y + h / 2 - t.sp(18) * 0.7, t.sp(18), '#FFFFFF', 600, 'middle'));
      return node({
        cls: 'android.widget.ImageView',
        pkg: env.pkg,
        rid: rid(env, wd.id),
        desc: wd.desc,
        bounds: [x + PAD, y + px(8), x + w - PAD, y + h - px(8)],
        paints,
        clickable: !!wd.onTap,
        onTap: wd.onTap,
      });
    }
    case 'grid': {
      // Side gutters like a real keypad; icon grids keep the full width.
      const gutter = wd.cells.some((c) => c.kind !== 'appicon') ? PAD - px(4) : 0;
      x += gutter;
      w -= 2 * gutter;
      const cw = w / wd.columns;
      const ch = Math.max(px(wd.cellHeight), wd.cells.some((c) => c.kind === 'button') ? t.sp(15) * 2 + px(24) : 0);
      const children = wd.cells.map((c, i) =>
        placeCell(env, c, Math.round(x + (i % wd.columns) * cw), y + Math.floor(i / wd.columns) * ch, Math.round(cw), ch),
      );
      const rows = Math.ceil(wd.cells.length / wd.columns);
      return node({
        cls: 'android.widget.GridLayout',
        pkg: env.pkg,
        rid: rid(env, wd.id),
        bounds: [x - gutter, y, x + w + gutter, y + rows * ch],
        children,
      });
    }
    case 'card': {
      let cy = y + px(8);
      const children: VNode[] = [];
      for (const c of wd.children) {
        const n = placeWidget(env, c, x + PAD, cy, w - 2 * PAD);
        children.push(n);
        cy = n.bounds[3];
      }
      const bottom = cy + px(8);
      return node({
        cls: 'android.widget.FrameLayout',
        pkg: env.pkg,
        rid: rid(env, wd.id),
        desc: wd.desc ?? '',
        bounds: [x + PAD, y + px(4), x + w - PAD, bottom],
        children,
        clickable: !!wd.onTap,
        onTap: wd.onTap,
        paints: [{ op: 'rect', x: x + PAD, y: y + px(4), w: w - 2 * PAD, h: bottom - y - px(4), r: px(20), fill: wd.color ?? p.surface }],
      });
    }
    case 'bubble': {
      const size = t.sp(16);
      const maxW = Math.round(w * 0.72);
      const lines = wrapText(wd.text, size, maxW - 2 * PAD, 8);
      const bw = Math.max(...lines.map((l) => textWidth(l, size))) + 2 * PAD;
      const bh = lines.length * Math.round(size * 1.35) + px(20);
      const bx = wd.mine ? x + w - PAD - bw : x + PAD;
      const paints: Paint[] = [
        { op: 'rect', x: bx, y: y + px(6), w: bw, h: bh, r: px(18), fill: wd.mine ? p.primary : p.surfaceVariant },
        ...textPaints(lines, bx + PAD, y + px(16), size, wd.mine ? p.onPrimary : p.onSurface),
      ];
      const children: VNode[] = [
        node({
          cls: 'android.widget.TextView',
          pkg: env.pkg,
          rid: rid(env, wd.id ?? 'message_text'),
          text: wd.text,
          bounds: [bx, y + px(6), bx + bw, y + px(6) + bh],
          paints,
        }),
      ];
      let bottom = y + px(6) + bh;
      if (wd.meta) {
        const m = textNode(env, wd.meta, bx, bottom + px(2), Math.max(bw, px(120)), t.sp(12), {
          id: 'message_status',
          color: p.onSurfaceVariant,
        });
        children.push(m);
        bottom = m.bounds[3];
      }
      return node({ cls: 'android.widget.LinearLayout', pkg: env.pkg, bounds: [x, y, x + w, bottom + px(6)], children });
    }
    case 'toggle':
      return placeCell(env, wd, x + PAD, y, px(64), px(64));
    default: {
      const never: never = wd;
      throw new Error(`unknown widget ${(never as { kind: string }).kind}`);
    }
  }
}
