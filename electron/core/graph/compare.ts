import type { MergeEvidence, SignatureConfig, StateSignature } from '../../../shared/domain/task-graph.js';
import { hamming, jaccard } from './signature.js';

/** Widgets present in both states must hold the same values (a toggle flipped = another state). */
export function widgetStatesAgree(a: readonly string[], b: readonly string[]): boolean {
  const values = (xs: readonly string[]): Map<string, string> =>
    new Map(xs.map((x) => [x.slice(0, x.lastIndexOf('=')), x.slice(x.lastIndexOf('=') + 1)]));
  const va = values(a);
  for (const [k, v] of values(b)) if (va.has(k) && va.get(k) !== v) return false;
  return true;
}

/** Content present in both states must be equal (another amount typed, another option chosen = another state). */
export function contentAgrees(a: Readonly<Record<string, string>> | undefined, b: Readonly<Record<string, string>> | undefined): boolean {
  if (!a || !b) return true;
  for (const k of Object.keys(b)) if (k in a && a[k] !== b[k]) return false;
  return true;
}

/** The same page, whatever its content and labels: same activity and title, chrome alike. */
export function samePage(a: StateSignature, b: StateSignature, cfg: SignatureConfig): boolean {
  if (a.activity && b.activity && a.activity !== b.activity) return false;
  if (a.title !== undefined && b.title !== undefined && a.title !== b.title) return false;
  const chrome = a.chrome?.length && b.chrome?.length ? jaccard(a.chrome, b.chrome) : jaccard(a.structure, b.structure);
  return chrome >= cfg.structureThreshold;
}

const TINY_STRUCTURE = 3;

/**
 * Whether two observations are the same UI state, and the evidence for it. Returns null
 * when they are not. Order of rules: same activity is required; identical structure key
 * is certain; otherwise structure and anchor similarity above thresholds; for screens
 * with almost no structure (canvas, images), the image hash decides.
 */
export function sameState(a: StateSignature, b: StateSignature, cfg: SignatureConfig): MergeEvidence | null {
  const activity = a.activity === b.activity;
  if (a.activity && b.activity && !activity) return null;
  if (a.title !== undefined && b.title !== undefined && a.title !== b.title) return null;
  if (cfg.splitOnWidgetState && !widgetStatesAgree(a.widgetState, b.widgetState)) return null;
  if (!contentAgrees(a.content, b.content)) return null;
  const anchors = a.anchors.length > 0 && b.anchors.length > 0 ? jaccard(a.anchors, b.anchors) : null;
  const image = a.imageHash && b.imageHash ? 1 - hamming(a.imageHash, b.imageHash) / 64 : null;
  if (a.structureKey === b.structureKey) {
    return { activity, structure: 1, anchors, image, confidence: anchors === null ? 1 : (1 + anchors) / 2, rule: 'exact' };
  }
  const structure = jaccard(a.structure, b.structure);
  if (a.structure.length < TINY_STRUCTURE && b.structure.length < TINY_STRUCTURE && image !== null && cfg.useImageHash) {
    const close = (1 - image) * 64 <= cfg.imageHashMaxDistance;
    return close ? { activity, structure, anchors, image, confidence: image, rule: 'image' } : null;
  }
  // The page's chrome must agree; list contents (inside scrollables) may differ with data and scrolling.
  const chrome = a.chrome && b.chrome && a.chrome.length > 0 && b.chrome.length > 0 ? jaccard(a.chrome, b.chrome) : structure;
  if (chrome < cfg.structureThreshold) return null;
  if (anchors !== null && anchors < cfg.anchorThreshold) return null;
  const shape = (chrome + structure) / 2;
  return { activity, structure: shape, anchors, image, confidence: anchors === null ? shape : (shape + anchors) / 2, rule: 'similar' };
}
