import type { PhoneModel } from '../phone.js';
import type { ClockState } from '../../apps/clock/clock.js';
import { hashString } from '../random.js';

/**
 * `dumpsys alarm` as Android 14 prints it, for the parts tools read: the clock and each pending
 * alarm with its owner, tag and time. The clock app registers one alarm-clock alarm (the kind
 * with an "Alarm clock:" block, shown in the status bar) per enabled alarm at its next ring; a
 * disabled or deleted alarm has none. The system's own minute tick is there too, as on a phone.
 */
const DESKCLOCK = 'com.android.deskclock';

interface Local {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
  ms: number;
  /** 0 = Monday … 6 = Sunday, as the clock app counts. */
  weekday: number;
}

function local(ms: number, timeZone: string): Local {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return {
    y: Number(parts['year']),
    mo: Number(parts['month']),
    d: Number(parts['day']),
    h: Number(parts['hour']),
    mi: Number(parts['minute']),
    s: Number(parts['second']),
    ms: ((ms % 1000) + 1000) % 1000,
    weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts['weekday']!),
  };
}

/** The epoch ms of a wall-clock time in a zone (two corrections cover DST edges). */
function zoned(y: number, mo: number, d: number, h: number, mi: number, timeZone: string): number {
  const want = Date.UTC(y, mo - 1, d, h, mi);
  let guess = want;
  for (let i = 0; i < 2; i++) {
    const l = local(guess, timeZone);
    guess += want - Date.UTC(l.y, l.mo - 1, l.d, l.h, l.mi);
  }
  return guess;
}

/** When an alarm rings next: today or a later day at its time, on one of its days (any day for a one-off). */
export function nextRing(alarm: { hour: number; minute: number; days: number[] }, now: number, timeZone: string): number {
  const today = local(now, timeZone);
  for (let k = 0; k <= 7; k++) {
    const day = new Date(Date.UTC(today.y, today.mo - 1, today.d + k));
    const at = zoned(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), alarm.hour, alarm.minute, timeZone);
    const weekday = (today.weekday + k) % 7;
    if (at > now && (alarm.days.length === 0 || alarm.days.includes(weekday))) return at;
  }
  return now + 7 * 86_400_000;
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
function stamp(ms: number, timeZone: string): string {
  const l = local(ms, timeZone);
  return `${l.y}-${pad(l.mo)}-${pad(l.d)} ${pad(l.h)}:${pad(l.mi)}:${pad(l.s)}.${pad(l.ms, 3)}`;
}
function relative(ms: number): string {
  const sign = ms < 0 ? '-' : '+';
  let t = Math.abs(Math.round(ms));
  const d = Math.floor(t / 86_400_000);
  t -= d * 86_400_000;
  const h = Math.floor(t / 3_600_000);
  t -= h * 3_600_000;
  const m = Math.floor(t / 60_000);
  t -= m * 60_000;
  const s = Math.floor(t / 1000);
  return `${sign}${d ? `${d}d` : ''}${h}h${m}m${s}s${t - s * 1000}ms`;
}
const hex = (s: string): string => hashString(s).toString(16).padStart(8, '0').slice(0, 7);

export function alarmDump(phone: PhoneModel): string {
  const now = phone.clock.now();
  const tz = phone.timeZone;
  const elapsed = 86_400_000 + (now % 86_400_000); // time since boot, as the alarm manager counts
  const clock = phone.states.get(DESKCLOCK) as ClockState | undefined;
  const rings = (clock?.alarms ?? [])
    .filter((a) => a.enabled)
    .map((a) => ({ a, at: nextRing(a, now, tz) }))
    .sort((x, y) => x.at - y.at);
  const tick = Math.floor(now / 60_000) * 60_000 + 60_000;
  let out =
    `Current Alarm Manager state:\n` +
    `  nowRTC=${now}=${stamp(now, tz)} nowELAPSED=${elapsed}\n` +
    `  mLastTimeChangeClockTime=0=1970-01-01 00:00:00.000\n` +
    `  Next non-wakeup alarm: ${relative(tick - now)} = ${stamp(tick, tz)}\n`;
  if (rings[0]) {
    out += `  Next wakeup alarm: ${relative(rings[0].at - now)} = ${stamp(rings[0].at, tz)}\n\n`;
    out += `  Next alarm clock information:\n    user:0 pendingSend:false time:${rings[0].at} = ${stamp(rings[0].at, tz)} = ${relative(rings[0].at - now)}\n`;
  }
  out += `\n  Pending alarms:\n`;
  rings.forEach(({ a, at }, i) => {
    const id = hex(`${phone.serial}:alarm:${a.id}`);
    out +=
      `  RTC_WAKEUP #${i}: Alarm{${id} type 0 origWhen ${at} window 0 exactAllowReason=policy_permission repeatInterval 0 count 0 flags 0x3 ${DESKCLOCK}}\n` +
      `    tag=*walarm*:${DESKCLOCK}.ALARM_ALERT\n` +
      `    type=RTC_WAKEUP origWhen=${stamp(at, tz)} window=0 exactAllowReason=policy_permission repeatInterval=0 count=0 flags=0x3\n` +
      `    whenElapsed=${relative(at - now)} maxWhenElapsed=${relative(at - now)}\n` +
      `    Alarm clock:\n      triggerTime=${stamp(at, tz)}\n` +
      `      showIntent=PendingIntent{${hex(id + 's')}: PendingIntentRecord{${hex(id + 'r')} ${DESKCLOCK} startActivity}}\n` +
      `    operation=PendingIntent{${hex(id + 'o')}: PendingIntentRecord{${hex(id + 'p')} ${DESKCLOCK} broadcastIntent}}\n`;
  });
  out +=
    `  RTC #${rings.length}: Alarm{${hex('tick')} type 1 origWhen ${tick} window 0 exactAllowReason=allow-listed repeatInterval 0 count 0 flags 0x1 android}\n` +
    `    tag=*alarm*:android.intent.action.TIME_TICK\n` +
    `    type=RTC origWhen=${stamp(tick, tz)} window=0 exactAllowReason=allow-listed repeatInterval=0 count=0 flags=0x1\n` +
    `    whenElapsed=${relative(tick - now)} maxWhenElapsed=${relative(tick - now)}\n` +
    `    operation=PendingIntent{${hex('tick-op')}: PendingIntentRecord{${hex('tick-rec')} android broadcastIntent}}\n`;
  return out;
}
