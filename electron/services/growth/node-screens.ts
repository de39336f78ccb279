import type { Action } from '../../../shared/domain/action.js';
import type { GraphNode, TaskGraph } from '../../../shared/domain/task-graph.js';
import { graphScreen } from '../../../shared/domain/task-graph.js';
import type { UiHierarchy } from '../../../shared/domain/ui-node.js';
import type { TargetElement } from '../../../shared/domain/ui-tree.js';
import { nodeAt, targetOf } from '../../../shared/domain/ui-tree.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { decodeXml } from '../../adapters/observations/observation-sink.js';
import { toPixels } from '../../core/geometry/coordinates.js';
import { parseUiXml } from '../../core/ui/parse-ui-xml.js';

/**
 * The UI a node shows an agent (its representative's dump), read once per node: what a tap on that
 * screen landed on is how off-graph actions are told apart and how a mark is matched later.
 */
export function nodeScreens(store: WorkspaceStore): {
  uiOf(node: GraphNode): Promise<UiHierarchy | null>;
  targetOf(graph: TaskGraph, node: GraphNode, action: Action): Promise<TargetElement | null>;
} {
  const cache = new Map<string, Promise<UiHierarchy | null>>();
  const uiOf = (node: GraphNode): Promise<UiHierarchy | null> => {
    const blob = node.representative.xmlBlob;
    if (!blob) return Promise.resolve(null);
    let hit = cache.get(blob);
    if (!hit) {
      hit = store.blobs
        .get(blob)
        .then((b) => decodeXml(b))
        .then((xml) => parseUiXml(xml))
        .catch(() => null); // an unreadable dump only costs the element's name
      cache.set(blob, hit);
    }
    return hit;
  };
  return {
    uiOf,
    async targetOf(graph, node, action) {
      if (action.type !== 'Tap' && action.type !== 'DoubleTap' && action.type !== 'LongPress') return null;
      const ui = await uiOf(node);
      if (!ui) return null;
      const p = toPixels(action.at, graphScreen(graph));
      const hit = nodeAt(ui, p.x, p.y);
      return hit ? targetOf(hit) : null;
    },
  };
}
