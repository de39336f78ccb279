import type { UiHierarchy, UiNode } from '../../../../shared/domain/ui-node.js';
import { nodeAt } from '../../../../shared/domain/ui-tree.js';

/** Highlights the element under the pointer and lists its attributes. */
export function HierarchyOverlay({
  hierarchy,
  screen,
  pointer,
}: {
  hierarchy: UiHierarchy;
  screen: { width: number; height: number };
  pointer: { x: number; y: number } | null;
}) {
  const node = pointer ? nodeAt(hierarchy, pointer.x, pointer.y) : null;
  const b = node?.bounds;
  const pct = (v: number, of: number): string => `${(v / of) * 100}%`;
  return (
    <>
      {b && (
        <div
          className="node-highlight"
          aria-hidden="true"
          style={{
            left: pct(b.left, screen.width),
            top: pct(b.top, screen.height),
            width: pct(b.right - b.left, screen.width),
            height: pct(b.bottom - b.top, screen.height),
          }}
        />
      )}
      {node && (
        <dl className="node-attributes" data-testid="node-attributes">
          <dt>class</dt>
          <dd>{node.className}</dd>
          {node.text && (
            <>
              <dt>text</dt>
              <dd>{node.text}</dd>
            </>
          )}
          {node.contentDesc && (
            <>
              <dt>content-desc</dt>
              <dd>{node.contentDesc}</dd>
            </>
          )}
          {node.resourceId && (
            <>
              <dt>resource-id</dt>
              <dd>{node.resourceId}</dd>
            </>
          )}
          <dt>bounds</dt>
          <dd>
            [{b?.left},{b?.top}][{b?.right},{b?.bottom}]
          </dd>
          <dt>flags</dt>
          <dd>
            {['clickable', 'scrollable', 'checkable', 'checked', 'focused', 'selected'].filter((f) => node[f as keyof UiNode]).join(', ') ||
              '—'}
          </dd>
        </dl>
      )}
    </>
  );
}
