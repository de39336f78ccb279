/**
 * A task graph's content key as a person reads it. Keys are written by core/graph/content.ts as
 * `package/activity|screen title§kind|Class|resource-id|row` (`#2` when a page has two alike): the
 * kind says what it is (an editable field, a number shown, a group's choice, a label, text entered),
 * the row or the resource id's name says which, the prefix on which screen.
 * "…AlarmEditActivity|添加闹钟§text|EditText|com.android.deskclock:id/hour_input" reads:
 * the text field “hour input” on 添加闹钟.
 */
const KINDS: Record<string, string> = { text: 'text field', number: 'number', choice: 'choice', label: 'label', entered: 'entered text' };

const idName = (rid: string): string => (rid.includes('/') ? rid.slice(rid.indexOf('/') + 1) : rid).replace(/_/g, ' ').trim();

/** The screen a key belongs to: its title, or its activity's short name. */
function screenOf(page: string): string {
  const bar = page.indexOf('|');
  const title = bar >= 0 ? page.slice(bar + 1).trim() : '';
  if (title) return title;
  const activity = (bar >= 0 ? page.slice(0, bar) : page).split('/').at(-1) ?? '';
  return activity.split('.').at(-1) ?? activity;
}

export function describeContentKey(key: string): string {
  const cut = key.indexOf('§');
  const body = key.slice(cut + 1);
  const hash = body.lastIndexOf('#');
  const nth = hash > 0 && /^\d+$/.test(body.slice(hash + 1)) ? Number(body.slice(hash + 1)) : null;
  const parts = (nth ? body.slice(0, hash) : body).split('|');
  const kind = parts[0] ?? '';
  const what = KINDS[kind] ?? kind;
  let name: string;
  if (kind === 'entered') name = parts.slice(1).join('|');
  else if (kind === 'text') name = idName(parts[2] ?? '');
  else name = (parts[3] ?? '').trim() || idName(parts[2] ?? '');
  name ||= parts[1] ?? '';
  const screen = cut > 0 ? screenOf(key.slice(0, cut)) : '';
  return `the ${what} “${name}”${nth ? ` (no. ${nth})` : ''}${screen ? ` on ${screen}` : ''}`;
}
