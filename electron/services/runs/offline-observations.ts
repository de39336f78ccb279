import type { GraphNode, TaskGraph } from '../../../shared/domain/task-graph.js';
import { BlobIntegrityError, BlobLimitError } from '../../adapters/blobs/blob-errors.js';
import { checkBlobContent } from '../../adapters/observations/blob-content.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { loadScreenshotPng, loadUiDump } from '../../adapters/observations/observation-sink.js';
import type { AgentObservation } from '../../core/agents/agent.js';
import { parseUiXml } from '../../core/ui/parse-ui-xml.js';
import { errorMessage } from '../../../shared/error-message.js';

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
    const ui = rep.xmlBlob ? parseUiXml(await loadUiDump(store.blobs, rep.xmlBlob)) : null;
    const screenshot = needsImage && rep.screenshotBlob ? await loadScreenshotPng(store.blobs, rep.screenshotBlob) : null;
    const app = node.signature.activity.split('/')[0] || null;
    const v = { observation: { screenshot, screen, ui, currentApp: app }, blob: rep.screenshotBlob };
    cache.set(node.id, v);
    return v;
  };
}

/**
 * Why a graph cannot be played offline, or null: every screen an agent can be shown (each node's
 * representative screenshot and UI dump) must be an intact blob (no link, bytes that hash to its
 * name) that decodes within its kind's limit. Checked before any agent starts on the task, so a
 * damaged or crafted graph makes the task invalid for every agent alike, never a crash mid-run.
 */
export async function graphBlobProblem(store: WorkspaceStore, graph: TaskGraph): Promise<string | null> {
  for (const node of graph.nodes) {
    const rep = node.representative;
    for (const [id, type] of [
      [rep.xmlBlob, 'application/vnd.elderbench.uixml+gzip'],
      [rep.screenshotBlob, 'image/webp'],
    ] as const) {
      if (!id) continue;
      try {
        await checkBlobContent(await store.blobs.get(id), store.blobIndex.get(id)?.mediaType ?? type, id);
      } catch (e) {
        if (e instanceof BlobIntegrityError || e instanceof BlobLimitError) return `node ${node.id}: ${errorMessage(e)}`;
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return `node ${node.id}: blob ${id} is missing from the workspace`;
        return `node ${node.id}: blob ${id} cannot be decoded (${errorMessage(e)})`;
      }
    }
  }
  return null;
}
