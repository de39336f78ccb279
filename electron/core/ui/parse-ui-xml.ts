import { SaxesParser } from 'saxes';
import type { Bounds, UiHierarchy, UiNode } from '../../../shared/domain/ui-node.js';
import { errorMessage } from '../../../shared/error-message.js';

/** Raised for input that is not a UI dump at all (truncated, not XML, wrong root). */
export class UiXmlError extends Error {
  override readonly name = 'UiXmlError';
}

const STANDARD = new Set([
  'index',
  'text',
  'resource-id',
  'class',
  'package',
  'content-desc',
  'checkable',
  'checked',
  'clickable',
  'enabled',
  'focusable',
  'focused',
  'scrollable',
  'long-clickable',
  'password',
  'selected',
  'bounds',
  'NAF',
]);
const BOUNDS = /^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/;

export function parseBounds(s: string | undefined): Bounds | null {
  const m = s ? BOUNDS.exec(s.trim()) : null;
  if (!m) return null;
  const [left, top, right, bottom] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
  return right < left || bottom < top ? null : { left, top, right, bottom };
}

const bool = (v: string | undefined): boolean => v === 'true';

function toNode(attrs: Record<string, string>): UiNode {
  const extras: Record<string, string> = {};
  for (const [k, v] of Object.entries(attrs)) if (!STANDARD.has(k)) extras[k] = v;
  const node: UiNode = {
    index: Number.parseInt(attrs.index ?? '0', 10) || 0,
    text: attrs.text ?? '',
    resourceId: attrs['resource-id'] ?? '',
    className: attrs.class ?? '',
    packageName: attrs.package ?? '',
    contentDesc: attrs['content-desc'] ?? '',
    checkable: bool(attrs.checkable),
    checked: bool(attrs.checked),
    clickable: bool(attrs.clickable),
    enabled: attrs.enabled === undefined ? true : bool(attrs.enabled),
    focusable: bool(attrs.focusable),
    focused: bool(attrs.focused),
    scrollable: bool(attrs.scrollable),
    longClickable: bool(attrs['long-clickable']),
    password: bool(attrs.password),
    selected: bool(attrs.selected),
    bounds: parseBounds(attrs.bounds),
    naf: bool(attrs.NAF),
    children: [],
  };
  if (Object.keys(extras).length > 0) node.extras = extras;
  return node;
}

/**
 * Parses `uiautomator dump` XML (and uiautomator2's pretty-printed variant) into a typed tree.
 * Strict about what a dump is (well-formed XML, a `<hierarchy>` root), tolerant of the quirks
 * real devices produce: NAF nodes, empty or zero-size bounds, missing attributes, extra
 * attributes, numeric character references (emoji), CR CR LF line endings, rotation.
 */
export function parseUiXml(xml: string): UiHierarchy {
  if (typeof xml !== 'string' || xml.trim() === '') throw new UiXmlError('empty UI dump');
  const parser = new SaxesParser({ xmlns: false, position: true });
  const roots: UiNode[] = [];
  const stack: (UiNode | null)[] = [];
  let rotation: number | null = null;
  let sawRoot = false;
  let error: Error | null = null;

  parser.on('error', (e) => {
    error ??= e;
  });
  parser.on('opentag', (tag) => {
    const attrs = tag.attributes as Record<string, string>;
    if (!sawRoot) {
      if (tag.name !== 'hierarchy') {
        error ??= new UiXmlError(`expected a <hierarchy> root element, found <${tag.name}>`);
        return;
      }
      sawRoot = true;
      rotation = Number.parseInt(attrs.rotation ?? '0', 10) || 0;
      stack.push(null);
      return;
    }
    if (tag.name !== 'node') {
      // Unknown wrappers are walked through, so their <node> children still count.
      stack.push(stack[stack.length - 1] ?? null);
      return;
    }
    const node = toNode(attrs);
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else roots.push(node);
    stack.push(node);
  });
  parser.on('closetag', (tag) => {
    if (tag.name === 'node' || stack.length > 1) stack.pop();
  });

  try {
    parser.write(xml).close();
  } catch (e) {
    error ??= e as Error;
  }
  if (error) {
    throw error instanceof UiXmlError ? error : new UiXmlError(`not a well-formed UI dump: ${errorMessage(error)}`);
  }
  if (!sawRoot) throw new UiXmlError('no <hierarchy> element: this is not a uiautomator dump');
  return { rotation: rotation ?? 0, roots };
}
