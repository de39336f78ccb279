import type { VNode, Paint } from './vnode.js';
import { node } from './vnode.js';
import type { Theme } from './theme.js';
import { SCREEN_W, SCREEN_H } from './theme.js';

/**
 * System windows drawn over apps: status bar, navigation bar, soft keyboard and toast. Like on a
 * device they are separate windows, so `uiautomator dump` (active window only) leaves them out.
 */
const SYSUI = 'com.android.systemui';

export function statusBar(theme: Theme, o: { time: string; battery: number; wifi: boolean; bluetooth: boolean; airplane: boolean }): VNode {
  const p = theme.palette;
  const px = theme.dp;
  const STATUS_BAR_H = theme.statusBarH;
  const size = px(14);
  const y = Math.round(STATUS_BAR_H / 2 + size * 0.36);
  const paints: Paint[] = [
    { op: 'rect', x: 0, y: 0, w: SCREEN_W, h: STATUS_BAR_H, fill: p.statusBar },
    { op: 'text', x: px(20), y, text: o.time, size, fill: p.onSurface, weight: 500 },
  ];
  let x = SCREEN_W - px(20);
  const bw = px(22);
  const level = Math.max(0, Math.min(100, o.battery));
  paints.push({ op: 'text', x: x - bw - px(6), y, text: `${level}%`, size, fill: p.onSurface, anchor: 'end' });
  paints.push({ op: 'rect', x: x - bw, y: STATUS_BAR_H / 2 - px(6), w: bw, h: px(12), r: px(2), fill: 'none', stroke: p.onSurface, sw: 3 });
  paints.push({
    op: 'rect',
    x: x - bw + 3,
    y: STATUS_BAR_H / 2 - px(6) + 3,
    w: Math.max(1, ((bw - 6) * level) / 100),
    h: px(12) - 6,
    fill: level <= 15 ? '#D93025' : p.onSurface,
  });
  x -= bw + px(48) + (level >= 100 ? px(8) : 0);
  const icons = [o.airplane ? '✈' : '', o.wifi && !o.airplane ? '◠' : '', o.bluetooth ? '✱' : '', '▲'].filter(Boolean);
  for (const g of icons) {
    paints.push({ op: 'text', x, y, text: g, size, fill: p.onSurface, anchor: 'end' });
    x -= px(22);
  }
  return node({
    cls: 'android.widget.FrameLayout',
    pkg: SYSUI,
    rid: 'com.android.systemui:id/status_bar',
    bounds: [0, 0, SCREEN_W, STATUS_BAR_H],
    paints,
  });
}

export type NavKey = 'back' | 'home' | 'recents';

export function navBar(theme: Theme, descs: Record<NavKey, string>): VNode {
  const p = theme.palette;
  const px = theme.dp;
  const { navBarTop: NAV_BAR_TOP, navBarH: NAV_BAR_H } = theme;
  const cy = NAV_BAR_TOP + NAV_BAR_H / 2;
  const glyphs: Record<NavKey, string> = { back: '◀', home: '●', recents: '■' };
  const keys: NavKey[] = ['back', 'home', 'recents'];
  const children = keys.map((k, i) => {
    const cx = SCREEN_W * (0.25 + i * 0.25);
    return node({
      cls: 'android.widget.ImageView',
      pkg: SYSUI,
      rid: `com.android.systemui:id/${k}`,
      desc: descs[k],
      bounds: [cx - px(40), NAV_BAR_TOP, cx + px(40), SCREEN_H],
      clickable: true,
      paints: [{ op: 'text', x: cx, y: cy + px(8), text: glyphs[k], size: px(22), fill: p.onSurfaceVariant, anchor: 'middle' }],
    });
  });
  return node({
    cls: 'android.widget.FrameLayout',
    pkg: SYSUI,
    rid: 'com.android.systemui:id/navigation_bar_frame',
    bounds: [0, NAV_BAR_TOP, SCREEN_W, SCREEN_H],
    children,
    paints: [{ op: 'rect', x: 0, y: NAV_BAR_TOP, w: SCREEN_W, h: NAV_BAR_H, fill: p.navBar }],
  });
}

export function navKeyAt(x: number): NavKey {
  return x < SCREEN_W * 0.375 ? 'back' : x < SCREEN_W * 0.625 ? 'home' : 'recents';
}

/** QWERTY rows; the keyboard types what `input tap` on a key would type on a real LatinIME. */
const LETTERS = ['qwertyuiop', 'asdfghjkl', '⇧zxcvbnm⌫', '?123|,| |.|⏎'];
const SYMBOLS = ['1234567890', '@#$_&-+()/', '=*"\':;!?⌫', 'ABC|,| |.|⏎'];

export function keyboard(
  theme: Theme,
  o: { adb: boolean; shifted: boolean; symbols: boolean; onKey: (key: string) => void; adbLabel: string },
): VNode {
  const p = theme.palette;
  const px = theme.dp;
  const NAV_BAR_TOP = theme.navBarTop;
  const h = theme.imeH(o.adb);
  const top = NAV_BAR_TOP - h;
  const pkg = o.adb ? 'com.android.adbkeyboard' : 'com.android.inputmethod.latin';
  const bg: Paint = { op: 'rect', x: 0, y: top, w: SCREEN_W, h, fill: p.dark ? '#2B2D31' : '#E8EAED' };
  if (o.adb) {
    return node({
      cls: 'android.widget.FrameLayout',
      pkg,
      bounds: [0, top, SCREEN_W, NAV_BAR_TOP],
      paints: [
        bg,
        { op: 'text', x: SCREEN_W / 2, y: top + h / 2 + px(6), text: o.adbLabel, size: px(16), fill: p.onSurface, anchor: 'middle' },
      ],
    });
  }
  const rows = o.symbols ? SYMBOLS : LETTERS;
  const rowH = Math.floor((h - px(8)) / rows.length);
  const children: VNode[] = [];
  rows.forEach((row, ri) => {
    const keys = row.includes('|') ? row.split('|') : [...row];
    const weights = keys.map((k) => (k === ' ' ? 5 : k.length > 1 || k === '⇧' || k === '⌫' ? 1.5 : 1));
    const total = row.includes('|') ? weights.reduce((a, b) => a + b, 0) : 10;
    const unit = SCREEN_W / total;
    let x = row.includes('|') ? 0 : ((10 - weights.reduce((a, b) => a + b, 0)) * unit) / 2;
    keys.forEach((k, ki) => {
      const w = weights[ki]! * unit;
      const y = top + px(4) + ri * rowH;
      const label = k === ' ' ? '' : o.shifted && k.length === 1 ? k.toUpperCase() : k;
      const special = k.length > 1 || '⇧⌫⏎'.includes(k);
      children.push(
        node({
          cls: 'android.view.View',
          pkg,
          desc: k === ' ' ? 'space' : label,
          bounds: [x, y, x + w, y + rowH],
          clickable: true,
          onTap: () => o.onKey(k),
          paints: [
            {
              op: 'rect',
              x: x + px(3),
              y: y + px(4),
              w: w - px(6),
              h: rowH - px(8),
              r: px(6),
              fill: special ? (p.dark ? '#45474C' : '#C8CBD0') : p.dark ? '#3B3D42' : '#FFFFFF',
            },
            {
              op: 'text',
              x: x + w / 2,
              y: y + rowH / 2 + px(7),
              text: label,
              size: px(k.length > 1 ? 15 : 20),
              fill: p.onSurface,
              anchor: 'middle',
            },
          ],
        }),
      );
      x += w;
    });
  });
  return node({ cls: 'android.widget.FrameLayout', pkg, bounds: [0, top, SCREEN_W, NAV_BAR_TOP], paints: [bg], children });
}

export function toast(theme: Theme, text: string, bottom: number): VNode {
  const px = theme.dp;
  const size = px(15);
  const w = Math.min(SCREEN_W - px(48), Math.round([...text].length * size * 0.62) + px(48));
  const h = px(44);
  const x = (SCREEN_W - w) / 2;
  const y = bottom - px(64) - h;
  return node({
    cls: 'android.widget.Toast',
    pkg: SYSUI,
    text,
    bounds: [x, y, x + w, y + h],
    paints: [
      { op: 'rect', x, y, w, h, r: h / 2, fill: theme.palette.dark ? '#E2E2E9' : '#303034' },
      {
        op: 'text',
        x: SCREEN_W / 2,
        y: y + h / 2 + size * 0.36,
        text,
        size,
        fill: theme.palette.dark ? '#1A1B20' : '#F2F2F2',
        anchor: 'middle',
      },
    ],
  });
}

export function scrim(color: string): VNode {
  return node({
    cls: 'android.view.View',
    pkg: SYSUI,
    bounds: [0, 0, SCREEN_W, SCREEN_H],
    paints: [{ op: 'rect', x: 0, y: 0, w: SCREEN_W, h: SCREEN_H, fill: color }],
  });
}
