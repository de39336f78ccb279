import type { Action } from '../../shared/domain/action.js';
import type { Bounds, UiHierarchy, UiNode } from '../../shared/domain/ui-node.js';

/** Small UI trees for unit tests of signatures, content and matching (shapes as uiautomator dumps them). */

let seq = 0;
export function ui(...roots: UiNode[]): UiHierarchy {
  return { rotation: 0, roots };
}

export function n(p: Partial<UiNode> & { bounds?: Bounds | null }): UiNode {
  return {
    index: seq++,
    text: '',
    resourceId: '',
    className: 'android.widget.FrameLayout',
    packageName: 'com.example.app',
    contentDesc: '',
    checkable: false,
    checked: false,
    clickable: false,
    enabled: true,
    focusable: false,
    focused: false,
    scrollable: false,
    longClickable: false,
    password: false,
    selected: false,
    bounds: { left: 0, top: 0, right: 1080, bottom: 2400 },
    naf: false,
    children: [],
    ...p,
  };
}

export const b = (left: number, top: number, right: number, bottom: number): Bounds => ({ left, top, right, bottom });
export const id = (x: string): string => `com.example.app:id/${x}`;

/** A page: a toolbar with a title, then body children in a non-scrolling container. */
export function page(title: string, ...body: UiNode[]): UiHierarchy {
  return ui(
    n({
      children: [
        n({
          resourceId: id('toolbar'),
          className: 'android.view.ViewGroup',
          bounds: b(0, 80, 1080, 240),
          children: [n({ className: 'android.widget.TextView', text: title, bounds: b(40, 120, 800, 200) })],
        }),
        n({ resourceId: 'android:id/content', bounds: b(0, 240, 1080, 2300), children: body }),
      ],
    }),
  );
}

export const text = (t: string, bounds: Bounds, extra: Partial<UiNode> = {}): UiNode =>
  n({ className: 'android.widget.TextView', text: t, bounds, ...extra });
export const button = (t: string, bounds: Bounds, extra: Partial<UiNode> = {}): UiNode =>
  n({ className: 'android.widget.Button', text: t, clickable: true, bounds, ...extra });
export const field = (value: string, hint: string, bounds: Bounds, extra: Partial<UiNode> = {}): UiNode =>
  n({ className: 'android.widget.EditText', text: value || hint, clickable: true, focusable: true, bounds, extras: { hint }, ...extra });
/** A row: a label and a value beside it. */
export const row = (label: string, value: string, bounds: Bounds, extra: Partial<UiNode> = {}): UiNode =>
  n({
    className: 'android.widget.LinearLayout',
    bounds,
    children: [
      text(label, b(bounds.left, bounds.top, bounds.left + 300, bounds.bottom)),
      text(value, b(bounds.left + 600, bounds.top, bounds.right, bounds.bottom), { resourceId: 'android:id/summary' }),
    ],
    ...extra,
  });
/** Tabs: a container of selectable items, one selected. */
export const tabs = (labels: string[], selected: string, top: number, extra: Partial<UiNode> = {}): UiNode =>
  n({
    className: 'android.widget.HorizontalScrollView',
    resourceId: id('tabs'),
    bounds: b(0, top, 1080, top + 150),
    ...extra,
    children: labels.map((l, i) =>
      n({
        className: 'android.widget.LinearLayout',
        contentDesc: l,
        clickable: true,
        selected: l === selected,
        bounds: b(i * (1080 / labels.length), top, (i + 1) * (1080 / labels.length), top + 150),
        children: [text(l, b(i * (1080 / labels.length), top + 40, (i + 1) * (1080 / labels.length), top + 110))],
      }),
    ),
  });

/** A tap at the centre of bounds, in the canonical [0,1000] space of a 1080×2400 screen. */
export function tapAt(bounds: Bounds): Action {
  return {
    type: 'Tap',
    at: {
      x: Math.round((((bounds.left + bounds.right) / 2 + 0.5) / 1080) * 1000 * 1000) / 1000,
      y: Math.round((((bounds.top + bounds.bottom) / 2 + 0.5) / 2400) * 1000 * 1000) / 1000,
    },
  };
}
