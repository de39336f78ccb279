import type { VNode, Rect, Paint } from './vnode.js';
import { node, intersect } from './vnode.js';
import type { ScreenView, DialogView, Widget } from './widgets.js';
import type { LayoutEnv } from './layout-widgets.js';
import { placeWidget, placeButton, rid } from './layout-widgets.js';
import { SCREEN_W, SCREEN_H, ellipsize } from './theme.js';

/**
 * Turns a ScreenView into the app window's view tree: decor view, app bar, one scrolling body,
 * pinned footer and FAB — the shape of a typical AndroidX activity in a real dump.
 */
export interface WindowLayoutOptions {
  env: LayoutEnv;
  /** Bottom of the app's visible area (above the nav bar, or above the IME when it shows). */
  bottom: number;
  scroll: { offset: number; set(offset: number): void };
  strings: { navigateUp: string };
  onUp: () => void;
}

function shift(n: VNode, dy: number): void {
  n.bounds = [n.bounds[0], n.bounds[1] + dy, n.bounds[2], n.bounds[3] + dy];
  for (const p of n.paints) {
    if ('y' in p) p.y += dy;
    if ('cy' in p) p.cy += dy;
    if (p.op === 'line') {
      p.y1 += dy;
      p.y2 += dy;
    }
  }
  for (const c of n.children) shift(c, dy);
}

/** Clips bounds to the viewport; nodes wholly outside are dropped, like recycled RecyclerView rows. */
function clipTo(n: VNode, vp: Rect): VNode | null {
  const b = intersect(n.bounds, vp);
  if (!b) return null;
  n.bounds = b;
  n.children = n.children.map((c) => clipTo(c, vp)).filter((c): c is VNode => c !== null);
  return n;
}

function stack(env: LayoutEnv, widgets: Widget[], top: number): { nodes: VNode[]; bottom: number } {
  let y = top;
  const nodes: VNode[] = [];
  for (const w of widgets) {
    const n = placeWidget(env, w, 0, y, SCREEN_W);
    nodes.push(n);
    y = n.bounds[3];
  }
  return { nodes, bottom: y };
}

export function layoutAppWindow(view: ScreenView, o: WindowLayoutOptions): VNode {
  const { env } = o;
  const p = env.theme.palette;
  const px = env.theme.dp;
  const { statusBarH: STATUS_BAR_H, navBarTop: NAV_BAR_TOP, appBarH: APP_BAR_H } = env.theme;
  const pkg = env.pkg;
  const content: VNode[] = [];
  let top = STATUS_BAR_H;
  if (view.title !== undefined || view.up || view.actions) {
    const bar: VNode[] = [];
    const size = env.theme.sp(22);
    let tx = px(16);
    if (view.up) {
      bar.push(
        node({
          cls: 'android.widget.ImageButton',
          pkg,
          desc: o.strings.navigateUp,
          bounds: [0, top, px(56), top + APP_BAR_H],
          clickable: true,
          focusable: true,
          onTap: o.onUp,
          paints: [{ op: 'text', x: px(28), y: top + APP_BAR_H / 2 + px(9), text: '←', size: px(26), fill: p.onSurface, anchor: 'middle' }],
        }),
      );
      tx = px(64);
    }
    const actions = view.actions ?? [];
    const titleW = SCREEN_W - tx - actions.length * px(48) - px(16);
    if (view.title) {
      bar.push(
        node({
          cls: 'android.widget.TextView',
          pkg,
          text: view.title,
          bounds: [tx, top + APP_BAR_H / 2 - Math.round(size * 0.675), tx + titleW, top + APP_BAR_H / 2 + Math.round(size * 0.675)],
          paints: [
            {
              op: 'text',
              x: tx,
              y: top + APP_BAR_H / 2 + Math.round(size * 0.36),
              text: ellipsize(view.title, size, titleW),
              size,
              fill: p.onSurface,
              weight: 500,
            },
          ],
        }),
      );
    }
    actions.forEach((a, i) => {
      const x2 = SCREEN_W - px(8) - i * px(48);
      bar.push(
        node({
          cls: 'android.widget.ImageButton',
          pkg,
          rid: rid(env, a.id),
          desc: a.desc,
          bounds: [x2 - px(48), top + px(8), x2, top + APP_BAR_H - px(8)],
          clickable: true,
          focusable: true,
          onTap: a.onTap,
          paints: [
            {
              op: 'text',
              x: x2 - px(24),
              y: top + APP_BAR_H / 2 + px(9),
              text: a.glyph,
              size: px(24),
              fill: p.onSurface,
              anchor: 'middle',
            },
          ],
        }),
      );
    });
    content.push(
      node({ cls: 'android.view.ViewGroup', pkg, rid: `${pkg}:id/toolbar`, bounds: [0, top, SCREEN_W, top + APP_BAR_H], children: bar }),
    );
    top += APP_BAR_H;
  }

  // Footer is laid out first so the body knows where it must stop.
  const footer = stack(env, view.footer ?? [], 0);
  const footerH = footer.bottom;
  const bodyBottom = o.bottom - footerH;
  for (const f of footer.nodes) shift(f, bodyBottom);

  const viewport: Rect = [0, top, SCREEN_W, bodyBottom];
  const measured = stack(env, view.body, top);
  const max = Math.max(0, measured.bottom - bodyBottom);
  const offset = Math.min(Math.max(0, o.scroll.offset), max);
  if (offset !== o.scroll.offset) o.scroll.set(offset);
  const items = (offset === 0 ? measured.nodes : stack(env, view.body, top - offset).nodes)
    .map((n) => clipTo(n, viewport))
    .filter((n): n is VNode => n !== null);
  const recycler = view.container !== 'scroll';
  content.push(
    node({
      cls: recycler ? 'androidx.recyclerview.widget.RecyclerView' : 'android.widget.ScrollView',
      pkg,
      rid: `${pkg}:id/${recycler ? 'recycler_view' : 'scroll_view'}`,
      bounds: viewport,
      children: items,
      clip: viewport,
      scrollable: max > 0,
      focusable: max > 0,
      scroll: { offset, max, set: (v) => o.scroll.set(Math.min(Math.max(0, v), max)) },
    }),
  );
  content.push(...footer.nodes);
  if (view.fab) {
    const s = px(56);
    const fx = SCREEN_W - px(16) - s;
    const fy = bodyBottom - px(16) - s;
    content.push(
      node({
        cls: 'android.widget.ImageButton',
        pkg,
        rid: rid(env, view.fab.id ?? 'fab'),
        desc: view.fab.desc,
        bounds: [fx, fy, fx + s, fy + s],
        clickable: true,
        focusable: true,
        onTap: view.fab.onTap,
        paints: [
          { op: 'rect', x: fx, y: fy, w: s, h: s, r: px(16), fill: p.primary },
          { op: 'text', x: fx + s / 2, y: fy + s / 2 + px(10), text: view.fab.glyph, size: px(28), fill: p.onPrimary, anchor: 'middle' },
        ],
      }),
    );
  }
  const contentFrame = node({
    cls: 'android.widget.FrameLayout',
    pkg,
    rid: 'android:id/content',
    bounds: [0, STATUS_BAR_H, SCREEN_W, o.bottom],
    children: content,
  });
  const bg: Paint = { op: 'rect', x: 0, y: 0, w: SCREEN_W, h: SCREEN_H, fill: view.background ?? p.background };
  return node({
    cls: 'android.widget.FrameLayout',
    pkg,
    bounds: [0, 0, SCREEN_W, SCREEN_H],
    paints: [bg],
    children: [
      node({ cls: 'android.widget.LinearLayout', pkg, bounds: [0, 0, SCREEN_W, SCREEN_H], children: [contentFrame] }),
      node({ cls: 'android.view.View', pkg, rid: 'android:id/statusBarBackground', bounds: [0, 0, SCREEN_W, STATUS_BAR_H] }),
      node({ cls: 'android.view.View', pkg, rid: 'android:id/navigationBarBackground', bounds: [0, NAV_BAR_TOP, SCREEN_W, SCREEN_H] }),
    ],
  });
}

/** AlertDialog window: title, message, single-choice items, button bar (android:id/button1/2). */
export function layoutDialog(d: DialogView, env: LayoutEnv): VNode {
  const p = env.theme.palette;
  const px = env.theme.dp;
  const pkg = env.pkg;
  const x = px(24);
  const w = SCREEN_W - 2 * x;
  const children: VNode[] = [];
  let y = 0;
  const add = (n: VNode) => {
    children.push(n);
    y = n.bounds[3];
  };
  add(placeWidget(env, { kind: 'text', text: d.title, size: 22, id: 'android:id/alertTitle' }, x + px(8), y + px(16), w - px(16)));
  if (d.message)
    add(
      placeWidget(
        env,
        { kind: 'text', text: d.message, size: 16, id: 'android:id/message', maxLines: 6, color: p.onSurfaceVariant },
        x + px(8),
        y,
        w - px(16),
      ),
    );
  for (const item of d.items ?? []) {
    const row = placeWidget(
      env,
      {
        kind: 'row',
        title: item.label,
        onTap: item.onTap,
        icon: item.checked === undefined ? undefined : item.checked ? '◉' : '○',
        iconColor: 'none',
      },
      x,
      y,
      w,
    );
    row.cls = 'android.widget.CheckedTextView';
    row.rid = 'android:id/text1';
    row.text = item.label;
    row.checkable = item.checked !== undefined;
    row.checked = !!item.checked;
    row.children = [];
    // keep the title/radio paints, drop the child nodes: CheckedTextView is a single node on a device
    const flatPaints = (n: VNode): Paint[] => [...n.paints, ...n.children.flatMap(flatPaints)];
    row.paints = flatPaints(
      placeWidget(
        env,
        { kind: 'row', title: item.label, icon: item.checked === undefined ? undefined : item.checked ? '◉' : '○', iconColor: 'none' },
        x,
        y,
        w,
      ),
    );
    for (const pt of row.paints) if (pt.op === 'text' && (pt.text === '◉' || pt.text === '○')) pt.fill = p.primary;
    add(row);
  }
  for (const b of d.body ?? []) add(placeWidget(env, b, x, y, w));
  const buttons: VNode[] = [];
  const bh = px(48);
  let bx = x + w - px(16);
  for (const [btn, id] of [
    [d.positive, 'android:id/button1'],
    [d.negative, 'android:id/button2'],
  ] as const) {
    if (!btn) continue;
    const bw = Math.max(px(88), Math.round(btn.text.length * env.theme.sp(15) * 0.7) + px(32));
    buttons.push(placeButton(env, { kind: 'button', text: btn.text, id, style: 'text', onTap: btn.onTap }, bx - bw, y + px(12), bw, bh));
    bx -= bw + px(8);
  }
  if (buttons.length > 0) y += bh + px(24);
  const h = y + px(8);
  const top = Math.round((SCREEN_H - h) / 2);
  const root = node({
    cls: 'android.widget.FrameLayout',
    pkg,
    bounds: [x, 0, x + w, h],
    children: [...children, ...buttons],
    paints: [{ op: 'rect', x, y: 0, w, h, r: px(28), fill: p.surface }],
  });
  shiftTree(root, top);
  return root;
}

function shiftTree(n: VNode, dy: number): void {
  shift(n, dy);
}
