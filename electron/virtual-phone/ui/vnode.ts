/**
 * The laid-out view tree: one node per accessibility node a real device would report, each with
 * the paint operations that draw it. The SVG renderer and the uiautomator XML writer both walk this
 * tree, which is what keeps screenshot and hierarchy in agreement.
 */
export type Rect = [x1: number, y1: number, x2: number, y2: number];

export type Paint =
  | { op: 'rect'; x: number; y: number; w: number; h: number; fill: string; r?: number; stroke?: string; sw?: number }
  | { op: 'circle'; cx: number; cy: number; r: number; fill: string; stroke?: string; sw?: number }
  | {
      op: 'text';
      x: number;
      y: number;
      text: string;
      size: number;
      fill: string;
      weight?: number;
      anchor?: 'start' | 'middle' | 'end';
      outline?: string;
      outlineWidth?: number;
    }
  | { op: 'line'; x1: number; y1: number; x2: number; y2: number; stroke: string; sw: number }
  | { op: 'path'; d: string; fill: string; stroke?: string; sw?: number };

export interface NodeFlags {
  checkable?: boolean;
  checked?: boolean;
  clickable?: boolean;
  enabled?: boolean;
  focusable?: boolean;
  focused?: boolean;
  scrollable?: boolean;
  longClickable?: boolean;
  password?: boolean;
  selected?: boolean;
}

export interface ScrollState {
  offset: number;
  max: number;
  set(offset: number): void;
}

export interface VNode extends NodeFlags {
  cls: string;
  rid: string;
  text: string;
  desc: string;
  pkg: string;
  bounds: Rect;
  children: VNode[];
  paints: Paint[];
  /** Clip children's paints to this rect (scroll containers). */
  clip?: Rect;
  /** Layout-only wrapper: left out of the uiautomator dump, its children take its place (still drawn). */
  hidden?: boolean;
  onTap?: () => void;
  onLongPress?: () => void;
  /** SeekBar: called with the fraction 0..1 under the finger. */
  onSlide?: (fraction: number) => void;
  scroll?: ScrollState;
  /** EditText identity, so the phone can route typed text to the focused field. */
  inputId?: string;
  /** An editable field's hint (Android 8+ dumps carry it; an empty field shows it as its text too). */
  hint?: string;
}

export function node(partial: Partial<VNode> & Pick<VNode, 'cls' | 'bounds' | 'pkg'>): VNode {
  return { rid: '', text: '', desc: '', children: [], paints: [], enabled: true, ...partial };
}

export function contains(r: Rect, x: number, y: number): boolean {
  return x >= r[0] && x < r[2] && y >= r[1] && y < r[3];
}

export function intersect(a: Rect, b: Rect): Rect | null {
  const r: Rect = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  return r[2] > r[0] && r[3] > r[1] ? r : null;
}
