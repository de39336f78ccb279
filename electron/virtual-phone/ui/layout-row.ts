import type { Paint, VNode } from './vnode.js';
import { node } from './vnode.js';
import type { RowWidget } from './widgets.js';
import { textWidth, wrapText } from './theme.js';
import type { LayoutEnv } from './layout-text.js';
import { iconCircle, rid, textNode } from './layout-text.js';

/** A list row (Material list item): optional icon, title, up to two summary lines, a trailing text or switch. */
export function placeRow(env: LayoutEnv, wd: RowWidget, x: number, y: number, w: number): VNode {
  const t = env.theme;
  const p = t.palette;
  const px = t.dp;
  const PAD = px(16);
  const enabled = wd.enabled !== false;
  const titleSize = t.sp(17);
  const sumSize = t.sp(14);
  const left = x + PAD + (wd.icon ? px(56) : 0);
  const trailingW = wd.trailing
    ? wd.trailing.kind === 'text'
      ? Math.min(textWidth(wd.trailing.text, sumSize), px(120)) + PAD
      : px(72)
    : 0;
  const textW = x + w - PAD - trailingW - left;
  const titleLh = Math.round(titleSize * 1.35);
  const sumLines = wd.summary ? wrapText(wd.summary, sumSize, textW, 2) : [];
  const content = titleLh + sumLines.length * Math.round(sumSize * 1.35);
  const h = Math.max(px(wd.summary ? 72 : 56), content + px(24));
  const top = y + Math.round((h - content) / 2);
  const children: VNode[] = [];
  const paints: Paint[] = wd.selected ? [{ op: 'rect', x, y, w, h, fill: p.surfaceVariant }] : [];
  if (wd.icon) {
    const ic = node({
      cls: 'android.widget.ImageView',
      pkg: env.pkg,
      rid: 'android:id/icon',
      bounds: [x + PAD, y + h / 2 - px(20), x + PAD + px(40), y + h / 2 + px(20)],
      paints: iconCircle(x + PAD + px(20), y + h / 2, px(20), wd.icon, wd.iconColor ?? p.primary, '#FFFFFF'),
    });
    children.push(ic);
  }
  const title = textNode(env, wd.title, left, top, textW, titleSize, {
    id: 'android:id/title',
    color: enabled ? p.onSurface : p.outline,
  });
  children.push(title);
  if (wd.summary)
    children.push(
      textNode(env, wd.summary, left, top + titleLh, textW, sumSize, {
        id: 'android:id/summary',
        color: p.onSurfaceVariant,
        maxLines: 2,
      }),
    );
  let onTap = enabled ? wd.onTap : undefined;
  const tr = wd.trailing;
  if (tr?.kind === 'switch') {
    const sx = x + w - PAD - px(52);
    const sy = y + h / 2 - px(16);
    const on = tr.checked;
    children.push(
      node({
        cls: 'android.widget.Switch',
        pkg: env.pkg,
        rid: rid(env, tr.id ?? 'android:id/switch_widget'),
        text: '',
        bounds: [sx, sy, sx + px(52), sy + px(32)],
        // A row with its own action (alarm list) makes the switch separately clickable;
        // a Settings-style row toggles the switch from anywhere on the row.
        checkable: true,
        checked: on,
        focusable: true,
        clickable: !!wd.onTap && enabled,
        enabled,
        onTap: wd.onTap && enabled ? () => tr.onToggle(!on) : undefined,
        paints: [
          {
            op: 'rect',
            x: sx,
            y: sy,
            w: px(52),
            h: px(32),
            r: px(16),
            fill: on ? p.primary : p.surfaceVariant,
            stroke: p.outline,
            sw: 2,
          },
          {
            op: 'circle',
            cx: on ? sx + px(36) : sx + px(16),
            cy: sy + px(16),
            r: px(on ? 12 : 8),
            fill: on ? p.onPrimary : p.onSurfaceVariant,
          },
        ],
      }),
    );
    onTap = enabled ? (wd.onTap ?? (() => tr.onToggle(!on))) : undefined;
  } else if (tr?.kind === 'text') {
    children.push(
      textNode(env, tr.text, x + w - PAD - trailingW + PAD, y + h / 2 - Math.round(sumSize * 0.675), trailingW - PAD, sumSize, {
        color: p.onSurfaceVariant,
      }),
    );
  } else if (tr?.kind === 'icon') {
    const cx = x + w - PAD - px(24);
    children.push(
      node({
        cls: 'android.widget.ImageButton',
        pkg: env.pkg,
        rid: rid(env, tr.id),
        desc: tr.desc,
        bounds: [cx - px(24), y + h / 2 - px(24), cx + px(24), y + h / 2 + px(24)],
        clickable: true,
        focusable: true,
        onTap: tr.onTap,
        paints: iconCircle(cx, y + h / 2, px(20), tr.glyph, 'none', p.primary),
      }),
    );
  }
  return node({
    cls: 'android.widget.LinearLayout',
    pkg: env.pkg,
    rid: rid(env, wd.id),
    bounds: [x, y, x + w, y + h],
    children,
    paints,
    clickable: !!onTap,
    focusable: !!onTap,
    enabled,
    selected: !!wd.selected,
    onTap,
    longClickable: !!wd.onLongPress,
    onLongPress: wd.onLongPress,
  });
}
