import type { GraphNode } from '../../../shared/domain/task-graph.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { decodeScreenshotToPng, decodeXml } from '../../adapters/observations/observation-sink.js';
import type { AgentObservation } from '../../core/agents/agent.js';
import { parseUiXml } from '../../core/ui/parse-ui-xml.js';

/**
 * What an agent sees at a graph node: the node's representative screenshot and UI tree.
 * Decoded once per node per task (agents revisit nodes), and the screenshot only for
 * agents that look at it — model-free agents read the UI tree alone.
 */
export function offlineObserver(store: WorkspaceStore, screen: { width: number; height: number }, needsImage: boolean) {
  const cache = new Map<string, { observation: AgentObservation; blob: string | null }>();
  return async (node: GraphNode): Promise<{ observation: AgentObservation; blob: string | null }> => {
    const hit = cache.get(node.id);
    if (hit) return hit;
    const rep = node.representative;
    const ui = rep.xmlBlob ? parseUiXml(await decodeXml(await store.blobs.get(rep.xmlBlob))) : null;
    const screenshot = needsImage && rep.screenshotBlob ? await decodeScreenshotToPng(await store.blobs.get(rep.screenshotBlob)) : null;
    const app = node.signature.activity.split('/')[0] || null;
    const v = { observation: { screenshot, screen, ui, currentApp: app }, blob: rep.screenshotBlob };
    cache.set(node.id, v);
    return v;
  };
}
