import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import { BlobIntegrityError, BlobLimitError } from '../../adapters/blobs/blob-errors.js';
import { checkBlobContent } from '../../adapters/observations/blob-content.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { scrolledScreenshot, unrecordedScreenshot } from '../../adapters/images/offline-screens.js';
import { loadScreenshotPng, loadUiDump } from '../../adapters/observations/observation-sink.js';
import type { AgentObservation } from '../../core/agents/agent.js';
import type { ScreenView } from '../../core/eval/offline-views.js';
import { captionOf, scrolledUi, scrollRegions, unrecordedUi } from '../../core/eval/offline-views.js';
import { parseUiXml } from '../../core/ui/parse-ui-xml.js';
import { errorMessage } from '../../../shared/error-message.js';

type Shown = { observation: AgentObservation; blob: string | null };

/**
 * What an agent sees where the offline walk stands: the node's representative screenshot and UI tree; or, where
 * the walk knows a state no recorded screen shows (core/eval/offline-views.ts), that state drawn from them and
 * stored as a blob of its own, so the step's observation (the Review screen, the HTML report) is what the agent
 * saw. Each view is drawn once per observer (an offline run keeps one per graph for all its agents); the same view draws the same bytes, so a
 * re-scored run finds the blob it stored. The screenshot is decoded for the agent only when it looks at it —
 * model-free agents read the UI tree alone.
 */
export function offlineObserver(store: WorkspaceStore, screen: { width: number; height: number }, needsImage: boolean) {
  const cache = new Map<string, Promise<Shown>>();
  const recordedPng = (view: ScreenView): Promise<Buffer | null> => {
    const id = view.node.representative.screenshotBlob;
    return id ? loadScreenshotPng(store.blobs, id) : Promise.resolve(null);
  };
  // Kept as the PNG drawn (lossless, as screenshots are): WebP's encoder took 4× as long as the drawing on these
  // smooth images, and the same view of a node is the same blob in every run, so the larger bytes are stored once.
  const stored = async (png: Buffer): Promise<string> => (await store.putBlob(png, 'image/png')).id;

  const draw = async (view: ScreenView): Promise<Shown> => {
    const { node } = view;
    const rep = node.representative;
    const app = node.signature.activity.split('/')[0] || null;
    const recordedUi = async () => (rep.xmlBlob ? parseUiXml(await loadUiDump(store.blobs, rep.xmlBlob)) : null);
    if (view.kind === 'excursion') {
      const caption = captionOf(view);
      const png = await unrecordedScreenshot(await recordedPng(view), screen, [caption.zh, caption.en]);
      const ui = unrecordedUi(screen, app ?? '', caption);
      return { observation: { screenshot: needsImage ? png : null, screen, ui, currentApp: app }, blob: await stored(png) };
    }
    const recorded = view.kind === 'scrolled' ? await recordedPng(view) : null;
    if (view.kind === 'scrolled' && recorded) {
      const regions = scrollRegions(node, screen);
      const png = await scrolledScreenshot(recorded, screen, regions, view.scrolledPx);
      const tree = await recordedUi();
      const ui = tree ? scrolledUi(tree, regions, view.scrolledPx) : null;
      return { observation: { screenshot: needsImage ? png : null, screen, ui, currentApp: app }, blob: await stored(png) };
    }
    const screenshot = needsImage && rep.screenshotBlob ? await loadScreenshotPng(store.blobs, rep.screenshotBlob) : null;
    return { observation: { screenshot, screen, ui: await recordedUi(), currentApp: app }, blob: rep.screenshotBlob };
  };

  return (view: ScreenView): Promise<Shown> => {
    const key = `${view.node.id}|${view.node.representative.idx}|${view.node.representative.demonstrationId}|${view.kind}|${view.scrolledPx}|${view.lost ? 'lost' : ''}`;
    let hit = cache.get(key);
    if (!hit) {
      hit = draw(view);
      // A failure (a blob gone mid-run) is not kept: the next step tries again.
      hit.catch(() => cache.delete(key));
      cache.set(key, hit);
    }
    return hit;
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
