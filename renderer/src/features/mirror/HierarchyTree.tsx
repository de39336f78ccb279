import type { UiHierarchy, UiNode } from '../../../../shared/domain/ui-node.js';

const shortClass = (c: string): string => c.split('.').pop() ?? c;

function NodeItem({ node }: { node: UiNode }) {
  const label = `${shortClass(node.className)}${node.text ? ` "${node.text}"` : node.contentDesc ? ` [${node.contentDesc}]` : ''}`;
  if (node.children.length === 0) return <li>{label}</li>;
  return (
    <li>
      <details open>
        <summary>{label}</summary>
        <ul>
          {node.children.map((c, i) => (
            <NodeItem key={i} node={c} />
          ))}
        </ul>
      </details>
    </li>
  );
}

/** The UI hierarchy as a keyboard-navigable tree (details/summary). */
export function HierarchyTree({ hierarchy }: { hierarchy: UiHierarchy }) {
  return (
    <ul className="hierarchy-tree" aria-label="UI hierarchy">
      {hierarchy.roots.map((n, i) => (
        <NodeItem key={i} node={n} />
      ))}
    </ul>
  );
}
