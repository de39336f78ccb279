import type { SnapshotCoverage } from '../../../shared/domain/side-effects.js';
import type { DevicePort } from '../device/device-port.js';
import type { Probe } from './parse-probes.js';
import { closedNote, parseAlarmClocks, parseContentQuery, parsePackages, parseSettingsList } from './parse-probes.js';

/**
 * A snapshot of the user's data, read through interfaces every Android phone has (docs/runs.md
 * "Side effects"): the contacts, call log, SMS and calendar providers (`content query`), the
 * settings tables, installed packages, the alarm clock's alarms (`dumpsys alarm`) — and, on the
 * virtual phone, each app's own state (`cmd vphone state`, which real phones do not have). The
 * same commands run on both; what a device will not show the shell user is recorded as such,
 * never an error. All probes go in one shell call, so a snapshot costs one round trip.
 */
export interface Snapshot {
  /** Each readable source's data as JSON: `settings/system` → {key: value}, `contacts` → rows, `app/<pkg>` → state. */
  docs: Map<string, unknown>;
  coverage: SnapshotCoverage[];
  ms: number;
}

interface SourceProbe {
  /** The coverage name (one probe may yield several sources, as `apps` does). */
  id: string;
  command: string;
  read(out: string): Probe<Array<[string, unknown]>>;
}

const rows = (source: string, uri: string, columns: string[]): SourceProbe => ({
  id: source,
  command: `content query --uri ${uri} --projection ${columns.join(':')}`,
  read: (out) => {
    const r = parseContentQuery(out, columns);
    return r.ok ? { ok: true, value: [[source, r.value]] } : r;
  },
});

/**
 * Keys of the virtual phone's Settings app export that repeat the settings tables under friendlier
 * names (`font_scale`, `dark_mode`…): the snapshot reads those tables themselves, so they are left
 * out of the app's own state rather than reported twice.
 */
const SETTINGS_MIRROR = new Set([
  'font_scale',
  'brightness',
  'dark_mode',
  'screen_timeout_ms',
  'media_volume',
  'ring_volume',
  'ringtone',
  'vibrate_when_ringing',
  'wifi_on',
  'bluetooth_on',
  'magnification',
  'high_contrast_text',
  'captions',
  'device_name',
]);

function appStates(out: string): Probe<Array<[string, unknown]>> {
  const note = closedNote(out);
  if (note) return { ok: false, closed: true, note };
  let state: unknown;
  try {
    state = JSON.parse(out);
  } catch {
    return { ok: false, closed: true, note: 'cmd vphone state printed no JSON' };
  }
  const apps = (state as { apps?: Record<string, unknown> } | null)?.apps;
  if (!apps || typeof apps !== 'object') return { ok: false, closed: true, note: 'cmd vphone state has no apps' };
  return {
    ok: true,
    value: Object.entries(apps).map(([pkg, s]) => [
      `app/${pkg}`,
      pkg === 'com.android.settings' && s && typeof s === 'object'
        ? Object.fromEntries(Object.entries(s).filter(([k]) => !SETTINGS_MIRROR.has(k)))
        : s,
    ]),
  };
}

export const SNAPSHOT_PROBES: readonly SourceProbe[] = [
  rows('contacts', 'content://com.android.contacts/data/phones', ['_id', 'contact_id', 'display_name', 'data1']),
  rows('call_log', 'content://call_log/calls', ['_id', 'number', 'date', 'duration', 'type', 'new']),
  rows('sms', 'content://sms', ['_id', 'thread_id', 'address', 'date', 'read', 'type', 'body']),
  rows('calendar', 'content://com.android.calendar/events', ['_id', 'calendar_id', 'title', 'dtstart', 'dtend', 'deleted']),
  ...(['system', 'secure', 'global'] as const).map((t): SourceProbe => ({
    id: `settings/${t}`,
    command: `settings list ${t}`,
    read: (out) => {
      const r = parseSettingsList(out);
      return r.ok ? { ok: true, value: [[`settings/${t}`, r.value]] } : r;
    },
  })),
  {
    id: 'packages',
    command: 'pm list packages',
    read: (out) => {
      const r = parsePackages(out);
      return r.ok ? { ok: true, value: [['packages', r.value]] } : r;
    },
  },
  {
    id: 'alarms',
    command: 'dumpsys alarm',
    read: (out) => {
      const r = parseAlarmClocks(out);
      return r.ok ? { ok: true, value: [['alarms', r.value]] } : r;
    },
  },
  { id: 'apps', command: 'cmd vphone state', read: appStates },
];

const MARK = '@@eb-snapshot';

/** The one shell program that runs every probe, each fenced by markers with its exit status. */
export function snapshotScript(probes: readonly SourceProbe[] = SNAPSHOT_PROBES): string {
  return probes.map((p, i) => `echo ${MARK}:${i}:begin; ${p.command} 2>&1; echo ${MARK}:${i}:end:$?`).join('; ');
}

/** Splits the script's output back into each probe's text and exit status. */
export function splitScriptOutput(out: string, count: number): Array<{ text: string; status: number | null } | null> {
  const parts: Array<{ text: string; status: number | null } | null> = Array.from({ length: count }, () => null);
  const text = out.replace(/\r\n/g, '\n');
  for (let i = 0; i < count; i++) {
    const begin = text.indexOf(`${MARK}:${i}:begin\n`);
    if (begin < 0) continue;
    const from = begin + `${MARK}:${i}:begin\n`.length;
    const endRe = new RegExp(`(^|\\n)${MARK}:${i}:end:(\\d+)`, 'g');
    endRe.lastIndex = from - 1;
    const m = endRe.exec(text);
    parts[i] = m ? { text: text.slice(from, m.index + m[1]!.length), status: Number(m[2]) } : { text: text.slice(from), status: null };
  }
  return parts;
}

/** Reads a snapshot from the device (one shell call). */
export async function takeSnapshot(device: DevicePort, now: () => number = () => performance.now()): Promise<Snapshot> {
  const t0 = now();
  const out = await device.shell(snapshotScript());
  const parts = splitScriptOutput(out, SNAPSHOT_PROBES.length);
  const docs = new Map<string, unknown>();
  const coverage: SnapshotCoverage[] = SNAPSHOT_PROBES.map((p, i) => {
    const part = parts[i];
    if (!part) return { source: p.id, status: 'absent', note: 'the probe printed nothing' };
    const r = p.read(part.text);
    if (!r.ok) return { source: p.id, status: 'closed', note: r.note };
    for (const [k, v] of r.value) docs.set(k, v);
    const items = r.value.reduce(
      (a, [, v]) => a + (Array.isArray(v) ? v.length : v && typeof v === 'object' ? Object.keys(v).length : 1),
      0,
    );
    return { source: p.id, status: 'read', items };
  });
  return { docs, coverage, ms: now() - t0 };
}
