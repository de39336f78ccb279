import type { PageModel } from './page-model.js';
import { contentOf, isEdit } from './page-model.js';

/**
 * A form the demonstrations committed by a way off it — 保存 on the alarm editor, 转账 on the transfer form: an edit of
 * the page, then a recorded action that leaves it (not Back). Left by Back instead (or the Up arrow, or 取消), the phone
 * discards what was set there: a new alarm opened again shows 07 however the path had stepped the last one. Not a page
 * whose edits take effect as they are made (the font size chosen in Settings), which no way off it commits.
 */
export function commitsByExit(m: PageModel, page: string): boolean {
  const ways = m.leavingOf.get(page) ?? [];
  const edited = new Set(ways.filter((e) => isEdit(m, e) && (e.effects?.length ?? 0) > 0).map((e) => e.to));
  return ways.some((e) => !isEdit(m, e) && e.action.type !== 'Back' && edited.has(e.from));
}

/**
 * What the path's record holds, once a form it set and did not commit is left by Back: each key of the page the path
 * set that the page still shows as set (not a message box the app emptied when it sent it: that text went out) takes
 * back the value the page showed when the walk came to it. Returns the keys restored, with their values.
 */
export function discarded(
  m: PageModel,
  page: string,
  shown: ReadonlyMap<string, string>,
  record: ReadonlyMap<string, string>,
  setByPath: ReadonlySet<string>,
  entered: ReadonlyMap<string, string> | undefined,
): Map<string, string> {
  const out = new Map<string, string>();
  if (!entered || !commitsByExit(m, page)) return out;
  const keys = new Set((m.nodesOf.get(page) ?? []).flatMap((n) => Object.keys(contentOf(n))));
  for (const k of keys)
    if (setByPath.has(k) && shown.get(k) === record.get(k) && entered.get(k) !== record.get(k)) out.set(k, entered.get(k) ?? '');
  return out;
}
