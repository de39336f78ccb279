/**
 * A node of a device's UI hierarchy, as parsed from uiautomator XML
 * (uiautomator's attribute set). Plain data: it crosses the wire.
 */
export interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface UiNode {
  index: number;
  text: string;
  resourceId: string;
  className: string;
  packageName: string;
  contentDesc: string;
  checkable: boolean;
  checked: boolean;
  clickable: boolean;
  enabled: boolean;
  focusable: boolean;
  focused: boolean;
  scrollable: boolean;
  longClickable: boolean;
  password: boolean;
  selected: boolean;
  /** Null when the dump's bounds were empty or unreadable (real devices emit such nodes). */
  bounds: Bounds | null;
  /** uiautomator's NAF flag: clickable with no text or description anywhere below. */
  naf: boolean;
  /** Non-standard attributes some dumpers add (`visible-to-user`, `drawing-order`, `hint`, …), verbatim. */
  extras?: Record<string, string>;
  children: UiNode[];
}

export interface UiHierarchy {
  rotation: number;
  roots: UiNode[];
}

export interface ScreenSize {
  width: number;
  height: number;
}
