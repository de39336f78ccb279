import type { PriceTable } from '../../../shared/schemas/prices.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { loadPrices, writeDefaultPrices } from '../../adapters/prices/price-file.js';

/** The price table a new run in this workspace would freeze: the shipped default with the workspace's prices.json over it. */
export function pricesInForce(store: WorkspaceStore): { table: PriceTable; source: string } {
  return loadPrices(store.path);
}

/** Writes the shipped default into the workspace as prices.json to edit; returns its path (refuses to overwrite). */
export function initWorkspacePrices(store: WorkspaceStore): string {
  return writeDefaultPrices(store.path);
}
