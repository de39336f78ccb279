/**
 * The screen description language: what an app's `render` returns. Plain data plus callbacks
 * (closures over the app context), so a new screen is a function from state to this tree.
 * `id` becomes the resource-id (`<package>:id/<id>`, or verbatim when it already contains ':').
 */
export type Action = () => void;

export interface TextWidget {
  kind: 'text';
  text: string;
  id?: string;
  size?: number;
  bold?: boolean;
  color?: string;
  align?: 'start' | 'center';
  maxLines?: number;
  onTap?: Action;
  desc?: string;
}
export interface RowWidget {
  kind: 'row';
  title: string;
  summary?: string;
  id?: string;
  icon?: string; // glyph drawn in a tinted circle
  iconColor?: string;
  onTap?: Action;
  onLongPress?: Action;
  trailing?:
    | { kind: 'switch'; checked: boolean; onToggle: (on: boolean) => void; id?: string }
    | { kind: 'text'; text: string }
    | { kind: 'icon'; glyph: string; desc: string; onTap: Action; id?: string };
  enabled?: boolean;
  selected?: boolean;
}
export interface SliderWidget {
  kind: 'slider';
  title: string;
  value: number;
  min: number;
  max: number;
  id?: string;
  summary?: string;
  onChange: (value: number) => void;
}
export interface ButtonWidget {
  kind: 'button';
  text: string;
  id?: string;
  onTap?: Action;
  style?: 'filled' | 'tonal' | 'text';
  enabled?: boolean;
  desc?: string;
}
export interface ButtonsWidget {
  kind: 'buttons';
  buttons: ButtonWidget[];
  id?: string;
}
export interface InputWidget {
  kind: 'input';
  id: string;
  value: string;
  hint: string;
  password?: boolean;
  onChange: (value: string) => void;
  onSubmit?: Action;
  multiline?: boolean;
}
export interface TabsWidget {
  kind: 'tabs';
  id?: string;
  tabs: Array<{ label: string; selected: boolean; onTap: Action; glyph?: string; badge?: number }>;
}
export interface ImageWidget {
  kind: 'image';
  desc: string;
  height: number;
  color: string;
  label?: string;
  id?: string;
  onTap?: Action;
}
export interface GridWidget {
  kind: 'grid';
  id?: string;
  columns: number;
  cellHeight: number;
  cells: Array<ButtonWidget | AppIconWidget | ToggleWidget>;
}
export interface AppIconWidget {
  kind: 'appicon';
  label: string;
  glyph: string;
  color: string;
  badge?: number;
  onTap: Action;
  onLongPress?: Action;
  desc?: string;
}
export interface ToggleWidget {
  kind: 'toggle';
  text: string;
  checked: boolean;
  onToggle: (on: boolean) => void;
  id?: string;
}
export interface CardWidget {
  kind: 'card';
  id?: string;
  children: Widget[];
  color?: string;
  onTap?: Action;
  desc?: string;
}
export interface SpacerWidget {
  kind: 'spacer';
  height: number;
}
export interface BubbleWidget {
  kind: 'bubble';
  text: string;
  mine: boolean;
  meta?: string;
  id?: string;
}
export interface BigTextWidget {
  kind: 'bigtext';
  text: string;
  id?: string;
  sub?: string;
  size?: number;
}

export type Widget =
  | TextWidget
  | RowWidget
  | SliderWidget
  | ButtonWidget
  | ButtonsWidget
  | InputWidget
  | TabsWidget
  | ImageWidget
  | GridWidget
  | CardWidget
  | SpacerWidget
  | BubbleWidget
  | BigTextWidget
  | ToggleWidget;

export interface DialogView {
  title: string;
  message?: string;
  /** Single-choice list (ringtone, font size) or plain items. */
  items?: Array<{ label: string; checked?: boolean; onTap: Action }>;
  body?: Widget[];
  positive?: { text: string; onTap: Action };
  negative?: { text: string; onTap: Action };
  /** Tapping outside or Back: defaults to closing like the negative button. */
  onDismiss?: Action;
}

export interface ScreenView {
  /** Title in the top app bar; omit for screens without one (launcher, dialer keypad). */
  title?: string;
  /** Show the "Navigate up" arrow. */
  up?: boolean;
  actions?: Array<{ glyph: string; desc: string; id?: string; onTap: Action }>;
  body: Widget[];
  /** Pinned below the scrolling body (compose bar, bottom tabs). */
  footer?: Widget[];
  fab?: { glyph: string; desc: string; id?: string; onTap: Action };
  dialog?: DialogView;
  /** Page background override (launcher wallpaper). */
  background?: string;
  /** Class of the scrolling container: RecyclerView for lists, ScrollView for forms. */
  container?: 'recycler' | 'scroll';
}
