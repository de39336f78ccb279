import type { GraphEdge, GraphNode } from '../../../shared/domain/task-graph.js';
import type { Bounds } from '../../../shared/domain/ui-node.js';
import { sameBounds } from '../../../shared/domain/ui-tree.js';
import { isTextKey } from './content-keys.js';
import { pressedLabel } from './match.js';
import type { PageModel } from './page-model.js';
import { isEdit } from './page-model.js';

/**
 * A preset of a form's row of amounts (100元 · 200元 · 500元) that no demonstration of this task pressed: another task's
 * recording of a page laid out as this one shows a preset of the same row filling a field with the number its label
 * says and the page staying (200元 → 金额 200 on the daughter's transfer), so this one fills the same field with its own
 * number (500元 → 500 on the son's). The walk then stands where the field holds that value, as after typing it (held-out
 * set AY: 500元 tapped by mistake, Back, the son again, 300 typed). Only a label that is a number and its unit, only a
 * recorded press of one field's text that is that number, and only where this task's demonstrations edited that field.
 */
export interface PresetFill {
  /** This task's content key of the field, and the value the preset gives it. */
  key: string;
  value: string;
  /** This task's recorded edit of that field on the page (the walk takes it with the preset's value). */
  edge: GraphEdge;
}

/** The number a preset's label names (500元, ¥500, 500): digits only, or null for any other label. */
export function presetNumber(label: string): string | null {
  const m = /^(?:¥|￥)?\s*(\d+(?:\.\d+)?)\s*(?:元|块|¥)?$/.exec(label.trim());
  return m ? m[1]! : null;
}

/**
 * The field key (after the page, `§text|…`) another task's recording shows this preset's row filling, where a sibling
 * of the control at `bounds` labelled `label` was pressed: null where none does.
 */
export function presetFieldElsewhere(
  recordings: readonly { model: PageModel; node: GraphNode }[],
  label: string,
  bounds: Bounds,
): string | null {
  if (presetNumber(label) === null) return null;
  for (const { model, node } of recordings)
    for (const e of model.outOf.get(node.id) ?? []) {
      if (e.action.type !== 'Tap' || !(e.options ?? e.group)?.some((o) => sameBounds(o.bounds, bounds) && o.label === label)) continue;
      if (model.pageOf.get(e.to) !== model.pageOf.get(e.from) || e.effects?.length !== 1) continue;
      const { key, value } = e.effects[0]!;
      if (isTextKey(key) && presetNumber(pressedLabel(e)) === value) return key.slice(key.indexOf('§'));
    }
  return null;
}

/** This task's edit of the field `field` (its key after the page) on `page`, filled with the preset's number. */
export function presetFill(m: PageModel, page: string, field: string, label: string): PresetFill | null {
  const value = presetNumber(label);
  const key = `${page}${field}`;
  if (value === null) return null;
  const edge = (m.leavingOf.get(page) ?? []).find((e) => isEdit(m, e) && (e.effects ?? []).some((v) => v.key === key));
  return edge ? { key, value, edge } : null;
}
