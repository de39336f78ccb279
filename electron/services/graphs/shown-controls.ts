import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { loadUiDump } from '../../adapters/observations/observation-sink.js';
import type { ObservationRef, TapOption } from '../../../shared/domain/task-graph.js';
import { labelledControls } from '../../core/graph/tap-controls.js';
import { parseUiXml } from '../../core/ui/parse-ui-xml.js';

/**
 * The labelled controls of a recorded screen, read from its UI dump (each dump once): for an offline walk of a played
 * path, which aims a tap at where the screen the run shows has the element the phone's tap hit (explore/offline-walk.ts).
 */
export function shownControls(store: WorkspaceStore): (shot: ObservationRef) => Promise<TapOption[] | null> {
  const cache = new Map<string, Promise<TapOption[] | null>>();
  return (shot) => {
    const id = shot.xmlBlob;
    if (id === null) return Promise.resolve(null);
    let hit = cache.get(id);
    if (!hit) {
      hit = loadUiDump(store.blobs, id).then(
        (xml) => labelledControls(parseUiXml(xml)),
        () => null,
      );
      cache.set(id, hit);
    }
    return hit;
  };
}
