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
 * keeps drafts (the Messages app) then sees a false reject where the path sends the kept draft. Which one an app is, no
 * recording shows: LeftDrafts judges the end both ways.
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

export const KEPT_DRAFT = 'where the app keeps the draft the path left, the field holds it still';

/**
 * Texts the path typed and left unsent by Back. One app drops such a draft (the chat app), another keeps it and shows
 * it when the thread is opened again (the Messages app): typing then appends to it, and 发送 sends it (found by hand:
 * 周六 typed, Back, the thread again, 周日… typed and sent — the phone sent 周六周日…, the walk read 周日…). No recording
 * says which an app does, so the walk goes on as if dropped and its Finish verdict must hold with the draft kept as
 * well: the text typed since appended to it, or the draft alone where nothing was typed since. A text typed with a
 * clear replaces it either way.
 */
export class LeftDrafts {
  private readonly texts = new Map<string, string>();

  left(key: string, text: string): void {
    if (text !== '') this.texts.set(key, text);
  }

  cleared(key: string): void {
    this.texts.delete(key);
  }

  /** The path's record with each kept draft in its field (null where none was left). */
  kept(record: ReadonlyMap<string, string>, typedSince: ReadonlySet<string>): Map<string, string> | null {
    if (this.texts.size === 0) return null;
    const out = new Map(record);
    for (const [k, draft] of this.texts) out.set(k, typedSince.has(k) ? `${draft}${record.get(k) ?? ''}` : draft);
    return out;
  }
}
