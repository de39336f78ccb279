/**
 * Parsers for what the shell prints when a snapshot reads the user's data: `content query`,
 * `settings list`, `pm list packages`, `dumpsys alarm`. Each takes the text as the platform
 * prints it and returns plain JSON; output that says the source is closed to the shell user (a
 * SecurityException, an unknown provider, a missing tool) is recognised, never parsed as data.
 */
export type Probe<T> = { ok: true; value: T } | { ok: false; closed: true; note: string };

/** How each tool says it may not or cannot answer; always at the start of a line, never inside a row. */
const CLOSED_MARKERS = [
  /^Error while accessing provider/m,
  /^(java|android)\.[\w.]*(Exception|Error)/m,
  /^Permission Denial/m,
  /^\[ERROR\]/m,
  /^\S*sh: \S+: (inaccessible or )?not found/m,
  /^(cmd: )?Can't find service/m,
];

/** The line that says why a source could not be read, or null when the output looks like data. */
export function closedNote(out: string): string | null {
  // Errors come first; data further down (a message that says "Permission Denial") is not one.
  const head = out
    .replace(/\r/g, '')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(0, 3)
    .join('\n');
  if (!CLOSED_MARKERS.some((m) => m.test(head))) return null;
  const lines = head.split('\n').map((l) => l.trim());
  return lines.find((l) => /Exception|Denial|Unknown|not found|Can't find|ERROR/.test(l)) ?? lines.find(Boolean) ?? 'not readable';
}

export type ContentRow = Record<string, string | null>;

/**
 * `content query` rows: `Row: 0 _id=1, display_name=王丽, data1=138…` (`NULL` for null). The
 * columns are the projection the snapshot asked for, in order, so a value containing ", x=" is
 * still read whole; a value spanning lines continues until the next `Row:`.
 */
export function parseContentQuery(out: string, columns: readonly string[]): Probe<ContentRow[]> {
  const note = closedNote(out);
  if (note) return { ok: false, closed: true, note };
  if (/^\s*No result found\.?\s*$/.test(out) || out.trim() === '') return { ok: true, value: [] };
  const rows: string[] = [];
  for (const line of out.replace(/\r/g, '').split('\n')) {
    if (/^Row: \d+ /.test(line)) rows.push(line.replace(/^Row: \d+ /, ''));
    else if (rows.length > 0 && line !== '') rows[rows.length - 1] += `\n${line}`;
  }
  return {
    ok: true,
    value: rows.map((text) => {
      const row: ContentRow = {};
      let pos = 0;
      columns.forEach((c, i) => {
        const start = text.indexOf(`${c}=`, pos);
        if (start < 0) {
          row[c] = null;
          return;
        }
        const from = start + c.length + 1;
        const next = i + 1 < columns.length ? text.indexOf(`, ${columns[i + 1]}=`, from) : -1;
        const value = next < 0 ? text.slice(from) : text.slice(from, next);
        row[c] = value === 'NULL' ? null : value;
        pos = next < 0 ? text.length : next + 2;
      });
      return row;
    }),
  };
}

/** `settings list <table>`: `key=value` lines (a value may itself contain "="). */
export function parseSettingsList(out: string): Probe<Record<string, string>> {
  const note = closedNote(out);
  if (note) return { ok: false, closed: true, note };
  const table: Record<string, string> = {};
  for (const line of out.replace(/\r/g, '').split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) table[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return { ok: true, value: table };
}

/** `pm list packages`: `package:<name>` lines. */
export function parsePackages(out: string): Probe<Record<string, true>> {
  const note = closedNote(out);
  if (note) return { ok: false, closed: true, note };
  const pkgs: Record<string, true> = {};
  for (const m of out.matchAll(/^package:(?:.*=)?([\w.]+)\s*$/gm)) pkgs[m[1]!] = true;
  return { ok: true, value: pkgs };
}

export interface AlarmClockEntry {
  package: string;
  /** When it rings, epoch ms (as text, like every other field a snapshot reads). */
  when: string;
}

/**
 * The alarm-clock alarms of `dumpsys alarm` (those with an "Alarm clock:" block: the alarms a
 * person set, which the status bar shows), not the many alarms apps and the system schedule for
 * themselves. Android versions differ in the surrounding text; each alarm's first line
 * (`RTC_WAKEUP #0: Alarm{… type 0 origWhen <ms> … <package>}`) has kept its shape.
 */
export function parseAlarmClocks(out: string): Probe<AlarmClockEntry[]> {
  const note = closedNote(out);
  if (note) return { ok: false, closed: true, note };
  const entries: AlarmClockEntry[] = [];
  const heads = [...out.matchAll(/^\s*[A-Z_]+ #\d+: Alarm\{\S+ type \d+ (?:origWhen|when) (-?\d+)[^}]*?\s([\w.]+)\}\s*$/gm)];
  heads.forEach((h, i) => {
    const end = heads[i + 1]?.index ?? out.length;
    const block = out.slice(h.index, end);
    if (/^\s*Alarm clock:/m.test(block)) entries.push({ package: h[2]!, when: h[1]! });
  });
  return { ok: true, value: entries };
}
