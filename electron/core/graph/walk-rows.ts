import type { GraphEdge } from '../../../shared/domain/task-graph.js';
import { pressedLabel } from './match.js';
import type { PageModel } from './page-model.js';
import { contentOf, isEdit } from './page-model.js';
import type { Candidate } from './walk-candidate.js';
import type { Position } from './walk-position.js';

/**
 * A list's rows each with a control of one kind (an 更新 button per app, a 关注 button per person): the page's
 * content then holds one key per row, `…§label|Class|resource-id|row`, whose value is the row's control label.
 * A demonstration pressed the control of one row; a tap on the same kind of control in another row does to that
 * row's key what the recorded tap did to its own (更新收音机 empties the 收音机 row as 更新天气通 emptied 天气通).
 * Only rows whose keys the graph tracks (a demonstration changed them somewhere), only recorded edits of one key,
 * and only where the label under the finger is what that row's key holds now: the control is that row's.
 */
export function otherRowMove(m: PageModel, label: string | null, pos: Position): Candidate | null {
  if (label === null) return null;
  const keys = [...pos.content.keys()];
  for (const e of m.leavingOf.get(pos.page) ?? []) {
    if (!isEdit(m, e) || e.effects?.length !== 1) continue;
    const { key, value: after } = e.effects[0]!;
    const kind = rowKind(key);
    if (kind === null) continue;
    // The recorded tap pressed its row's control: the key held the control's label before.
    const before = contentOf(m.byId.get(e.from))[key];
    const pressed = pressedLabel(e);
    if (before === undefined || before === '' || before !== pressed) continue;
    for (const other of keys) {
      if (other === key || rowKind(other) !== kind || pos.content.get(other) !== label) continue;
      const row = other.slice(kind.length + 1);
      const own = key.slice(kind.length + 1);
      const value = own === '' ? after : after.split(own).join(row);
      const reason = `the control of another row of the list ("${label}"): it does to its row what the recorded tap on "${pressed}" did to its own`;
      return {
        edge: e,
        result: { matched: true, distancePx: 0, similarity: null, rule: 'within-tolerance', reason },
        how: 'other-row',
        rows: { from: key, to: other, value },
      };
    }
  }
  return null;
}

/**
 * What finishing a list's rows also does: a recorded row edit after which every row of its kind showed what it set
 * (the last update, 更新手电筒 with the others done) also changed other keys of the page (全部更新 gone, the one row's
 * title left). A row edit of the walk that leaves every row of that kind the same way does that too — whichever row was
 * done last — and, where that recorded edit produced the goal, so does this one. Null when no recorded edit finished
 * the rows so.
 */
export function rowsFinished(
  m: PageModel,
  page: string,
  content: ReadonlyMap<string, string>,
): { edge: GraphEdge; effects: Map<string, string> } | null {
  for (const e of m.leavingOf.get(page) ?? []) {
    if (!isEdit(m, e) || (e.effects?.length ?? 0) < 2) continue;
    const rows = e.effects!.filter((v) => rowKind(v.key) !== null);
    if (rows.length !== 1) continue;
    const kind = rowKind(rows[0]!.key)!;
    const after = contentOf(m.byId.get(e.to));
    const rowKeys = [...new Set([...Object.keys(after), ...content.keys()])].filter((k) => rowKind(k) === kind);
    if (rowKeys.length < 2 || !rowKeys.every((k) => (content.get(k) ?? '') === (after[k] ?? ''))) continue;
    return { edge: e, effects: new Map(e.effects!.filter((v) => rowKind(v.key) !== kind).map((v) => [v.key, v.value])) };
  }
  return null;
}

/** A label key's control kind without its row (`page§label|Class|resource-id`), or null for other keys and rows of none. */
function rowKind(key: string): string | null {
  const at = key.indexOf('§label|');
  if (at < 0 || key.includes('#', at)) return null;
  const cut = key.lastIndexOf('|');
  // page§label|Class|resource-id|row: the resource id must be there, or any label of the class would be a row.
  const parts = key.slice(at + 1, cut).split('|');
  if (parts.length !== 3 || parts[2] === '' || key.slice(cut + 1) === '') return null;
  return key.slice(0, cut);
}
