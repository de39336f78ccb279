import type { PageModel } from './page-model.js';
import { isTextKey } from './content-keys.js';
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
 * What the path's record holds, once a form it set and did not commit is left by Back — or a page where it typed a text
 * and did not send it: each key of the page the path set that the page still shows as set (not a message box the app
 * emptied when it sent it: that text went out) takes back the value the page showed when the walk came to it. Returns
 * the keys restored, with their values. A draft goes too: a chat's app drops it when the thread is left (found by hand:
 * typed, Back, the thread opened again and 发送 pressed on the empty box was accepted as the message sent); an app that
 * keeps drafts (the Messages app) then sees a false reject where the path sends the kept draft.
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
  if (!entered) return out;
  // A page whose edits apply as made keeps its choices; text typed and not sent there is a draft, which goes too.
  const form = commitsByExit(m, page);
  const keys = new Set((m.nodesOf.get(page) ?? []).flatMap((n) => Object.keys(contentOf(n))));
  for (const k of keys)
    if ((form || isTextKey(k)) && setByPath.has(k) && shown.get(k) === record.get(k) && entered.get(k) !== record.get(k))
      out.set(k, entered.get(k) ?? '');
  return out;
}
