import { defineApp } from '../types.js';
import type { AppContext } from '../types.js';
import type { ScreenView, Widget } from '../../ui/widgets.js';
import { formatClock, formatDate } from '../../device/clock.js';

/** Clock: alarms (add, edit, toggle, delete), world clock and a countdown timer driven by phone time. */
export interface Alarm {
  id: number;
  hour: number;
  minute: number;
  label: string;
  /** 0 = Monday … 6 = Sunday; empty = once. */
  days: number[];
  enabled: boolean;
}
export interface ClockState {
  alarms: Alarm[];
  nextId: number;
  timer: { durationMs: number; startedAt: number | null; remainingMs: number };
}

type Ctx = AppContext<ClockState>;
const DESK = 'com.android.deskclock.DeskClock';
const DAYS = { en: ['M', 'T', 'W', 'T', 'F', 'S', 'S'], zh: ['一', '二', '三', '四', '五', '六', '日'] };
const pad = (n: number) => String(n).padStart(2, '0');

function tabs(ctx: Ctx, current: string): Widget {
  const tab = (id: string, en: string, zh: string, glyph: string) => ({
    label: ctx.t(en, zh),
    glyph,
    selected: id === current,
    onTap: () => id !== current && ctx.replace(id),
  });
  return {
    kind: 'tabs',
    id: 'tabs',
    tabs: [
      tab('clock.alarms', 'Alarm', '闹钟', '◶'),
      tab('clock.clock', 'Clock', '时钟', '◷'),
      tab('clock.timer', 'Timer', '计时器', '⌛'),
    ],
  };
}

function daysLabel(ctx: Ctx, days: number[]): string {
  if (days.length === 0) return ctx.t('Not scheduled', '只响一次');
  if (days.length === 7) return ctx.t('Every day', '每天');
  return days.map((d) => (ctx.locale === 'zh' ? `周${DAYS.zh[d]}` : ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][d])).join(', ');
}

function alarms(ctx: Ctx): ScreenView {
  const sorted = [...ctx.state.alarms].sort((a, b) => a.hour * 60 + a.minute - (b.hour * 60 + b.minute));
  return {
    title: ctx.t('Alarm', '闹钟'),
    body:
      sorted.length === 0
        ? [{ kind: 'text', text: ctx.t('No alarms', '没有闹钟'), align: 'center' }]
        : sorted.map((a): Widget => ({
            kind: 'row',
            id: 'alarm_row',
            title: `${pad(a.hour)}:${pad(a.minute)}`,
            summary: [a.label, daysLabel(ctx, a.days)].filter(Boolean).join(' · '),
            onTap: () => ctx.go('clock.alarm_edit', { id: String(a.id) }),
            trailing: { kind: 'switch', id: 'onoff', checked: a.enabled, onToggle: (on) => (a.enabled = on) },
          })),
    fab: { glyph: '+', desc: ctx.t('Add alarm', '添加闹钟'), id: 'fab', onTap: () => ctx.go('clock.alarm_edit') },
    footer: [tabs(ctx, 'clock.alarms')],
  };
}

function alarmEdit(ctx: Ctx): ScreenView {
  const existing = ctx.state.alarms.find((a) => String(a.id) === ctx.params['id']);
  type Draft = { hour: string; minute: string; label: string; days: number[] };
  const d = (ctx.local['draft'] ??= {
    hour: pad(existing?.hour ?? 7),
    minute: pad(existing?.minute ?? 0),
    label: existing?.label ?? '',
    days: [...(existing?.days ?? [])],
  }) as Draft;
  const bump = (field: 'hour' | 'minute', delta: number) => {
    const mod = field === 'hour' ? 24 : 60;
    d[field] = pad(((((Number(d[field]) || 0) + delta) % mod) + mod) % mod);
  };
  const save = () => {
    const hour = Number(d.hour);
    const minute = Number(d.minute);
    if (!Number.isInteger(hour) || hour < 0 || hour > 23 || !Number.isInteger(minute) || minute < 0 || minute > 59) {
      ctx.toast(ctx.t('Enter a valid time', '请输入有效时间'));
      return;
    }
    const fields = { hour, minute, label: d.label.trim(), days: [...d.days].sort(), enabled: true };
    if (existing) Object.assign(existing, fields);
    else ctx.state.alarms.push({ id: ctx.state.nextId++, ...fields });
    ctx.toast(ctx.t(`Alarm set for ${pad(hour)}:${pad(minute)}`, `闹钟已设为 ${pad(hour)}:${pad(minute)}`));
    ctx.back();
  };
  const btn = (text: string, id: string, onTap: () => void) => ({ kind: 'button' as const, text, id, style: 'tonal' as const, onTap });
  return {
    title: existing ? ctx.t('Edit alarm', '修改闹钟') : ctx.t('Add alarm', '添加闹钟'),
    up: true,
    container: 'scroll',
    body: [
      { kind: 'bigtext', text: `${pad(Number(d.hour) || 0)}:${pad(Number(d.minute) || 0)}`, id: 'digital_clock', size: 64 },
      {
        kind: 'grid',
        columns: 4,
        cellHeight: 64,
        cells: [
          btn('−1 h', 'hour_down', () => bump('hour', -1)),
          btn('+1 h', 'hour_up', () => bump('hour', 1)),
          btn('−5 min', 'minute_down', () => bump('minute', -5)),
          btn('+5 min', 'minute_up', () => bump('minute', 5)),
        ],
      },
      {
        kind: 'input',
        id: 'hour_input',
        hint: ctx.t('Hour (0-23)', '小时（0-23）'),
        value: d.hour,
        onChange: (v) => (d.hour = v.replace(/\D/g, '').slice(0, 2)),
      },
      {
        kind: 'input',
        id: 'minute_input',
        hint: ctx.t('Minute (0-59)', '分钟（0-59）'),
        value: d.minute,
        onChange: (v) => (d.minute = v.replace(/\D/g, '').slice(0, 2)),
      },
      { kind: 'input', id: 'label_input', hint: ctx.t('Label', '标签'), value: d.label, onChange: (v) => (d.label = v) },
      { kind: 'text', text: ctx.t('Repeat', '重复'), size: 14, bold: true, color: '#3A5BA9' },
      {
        kind: 'grid',
        id: 'repeat_days',
        columns: 7,
        cellHeight: 56,
        cells: DAYS[ctx.locale].map((label, i) => ({
          kind: 'toggle' as const,
          text: label,
          checked: d.days.includes(i),
          id: `day_button_${i}`,
          onToggle: (on: boolean) => (d.days = on ? [...d.days, i] : d.days.filter((x) => x !== i)),
        })),
      },
      {
        kind: 'buttons',
        buttons: [
          { kind: 'button', text: ctx.t('Cancel', '取消'), id: 'cancel', style: 'text', onTap: () => ctx.back() },
          { kind: 'button', text: ctx.t('Save', '保存'), id: 'save', onTap: save },
        ],
      },
      ...(existing
        ? [
            {
              kind: 'button' as const,
              text: ctx.t('Delete', '删除'),
              id: 'delete',
              style: 'text' as const,
              onTap: () => {
                ctx.state.alarms = ctx.state.alarms.filter((a) => a !== existing);
                ctx.toast(ctx.t('Alarm deleted', '闹钟已删除'));
                ctx.back();
              },
            },
          ]
        : []),
    ],
  };
}

const CITIES = [
  { en: 'London', zh: '伦敦', tz: 'Europe/London' },
  { en: 'New York', zh: '纽约', tz: 'America/New_York' },
  { en: 'Tokyo', zh: '东京', tz: 'Asia/Tokyo' },
  { en: 'Sydney', zh: '悉尼', tz: 'Australia/Sydney' },
];

function worldClock(ctx: Ctx): ScreenView {
  const now = ctx.sys.now();
  return {
    title: ctx.t('Clock', '时钟'),
    body: [
      {
        kind: 'bigtext',
        text: formatClock(now, ctx.sys.timeZone),
        sub: formatDate(now, ctx.sys.timeZone, ctx.locale),
        id: 'digital_clock',
        size: 72,
      },
      ...CITIES.map((c): Widget => ({
        kind: 'row',
        id: 'city_row',
        title: ctx.t(c.en, c.zh),
        trailing: { kind: 'text', text: formatClock(now, c.tz) },
      })),
    ],
    footer: [tabs(ctx, 'clock.clock')],
  };
}

export function timerRemaining(state: ClockState, now: number): number {
  const t = state.timer;
  return t.startedAt === null ? t.remainingMs : Math.max(0, t.remainingMs - (now - t.startedAt));
}

function timer(ctx: Ctx): ScreenView {
  const t = ctx.state.timer;
  const now = ctx.sys.now();
  const left = timerRemaining(ctx.state, now);
  const running = t.startedAt !== null;
  const done = running && left === 0;
  const fmt = (ms: number) => {
    const s = Math.ceil(ms / 1000);
    return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  };
  const set = (ms: number) => Object.assign(t, { durationMs: ms, remainingMs: ms, startedAt: null });
  const body: Widget[] = [
    {
      kind: 'bigtext',
      text: done ? ctx.t("Time's up", '时间到') : fmt(left),
      id: 'timer_time_text',
      size: 64,
      sub: running ? (done ? '' : ctx.t('Running', '计时中')) : '',
    },
  ];
  if (!running) {
    body.push({
      kind: 'grid',
      columns: 3,
      cellHeight: 64,
      cells: [1, 5, 10, 15, 30, 60].map((m) => ({
        kind: 'button' as const,
        text: ctx.t(`${m} min`, `${m} 分钟`),
        id: `preset_${m}`,
        style: 'tonal' as const,
        onTap: () => set(m * 60_000),
      })),
    });
    body.push({
      kind: 'input',
      id: 'timer_minutes',
      hint: ctx.t('Minutes', '分钟'),
      value: String(Math.round(t.remainingMs / 60_000) || ''),
      onChange: (v) => set((Number(v.replace(/\D/g, '')) || 0) * 60_000),
    });
  }
  body.push({
    kind: 'buttons',
    buttons: done
      ? [{ kind: 'button', text: ctx.t('Stop', '停止'), id: 'stop', onTap: () => set(t.durationMs) }]
      : running
        ? [
            {
              kind: 'button',
              text: ctx.t('Pause', '暂停'),
              id: 'pause',
              onTap: () => Object.assign(t, { remainingMs: left, startedAt: null }),
            },
            { kind: 'button', text: ctx.t('Reset', '重置'), id: 'reset', style: 'tonal', onTap: () => set(t.durationMs) },
          ]
        : [
            { kind: 'button', text: ctx.t('Start', '开始'), id: 'start', enabled: t.remainingMs > 0, onTap: () => (t.startedAt = now) },
            { kind: 'button', text: ctx.t('Reset', '重置'), id: 'reset', style: 'tonal', onTap: () => set(0) },
          ],
  });
  return { title: ctx.t('Timer', '计时器'), body, footer: [tabs(ctx, 'clock.timer')] };
}

export const clockApp = defineApp<ClockState>({
  package: 'com.android.deskclock',
  label: { en: 'Clock', zh: '时钟' },
  icon: { glyph: '◷', color: '#E37400' },
  versionName: '7.4',
  versionCode: 740,
  home: 'clock.alarms',
  initialState: (sys) => ({
    alarms: [
      { id: 1, hour: 7, minute: 0, label: '', days: [0, 1, 2, 3, 4], enabled: true },
      { id: 2, hour: 8, minute: 30, label: sys.locale === 'zh' ? '吃药' : 'Medicine', days: [0, 1, 2, 3, 4, 5, 6], enabled: false },
    ],
    nextId: 3,
    timer: { durationMs: 0, startedAt: null, remainingMs: 0 },
  }),
  screens: {
    'clock.alarms': { id: 'clock.alarms', activity: DESK, render: alarms },
    'clock.alarm_edit': { id: 'clock.alarm_edit', activity: 'com.android.deskclock.alarms.AlarmEditActivity', render: alarmEdit },
    'clock.clock': { id: 'clock.clock', activity: DESK, render: worldClock },
    'clock.timer': { id: 'clock.timer', activity: DESK, render: timer },
  },
  exportState: (s, sys) => ({
    ...s,
    timer: { ...s.timer, remainingMs: timerRemaining(s, sys.now()), running: s.timer.startedAt !== null },
  }),
});
