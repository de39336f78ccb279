import type { SystemApi } from '../types.js';
import { dateFormat } from '../../device/date-format.js';

/** Seeded address book and call log shared by Phone and Messages. */
export interface Contact {
  id: number;
  name: string;
  number: string;
}

export interface CallEntry {
  number: string;
  type: 'incoming' | 'outgoing' | 'missed';
  time: number;
  durationSec: number;
  seen: boolean;
}

export interface PhoneState {
  dialed: string;
  contacts: Contact[];
  nextContactId: number;
  calls: CallEntry[];
  inCall: { number: string; startedAt: number; muted: boolean; speaker: boolean } | null;
}

const NAMES = {
  en: ['Mary Johnson', 'David Lee', 'Dr. Wang', 'Linda Smith', 'Tom Brown', 'Community Center', 'Pharmacy'],
  zh: ['王丽', '李强', '张医生', '刘芳', '陈刚', '社区中心', '药房'],
};

export function seedContacts(sys: SystemApi): Contact[] {
  const names = NAMES[sys.locale];
  return names.map((name, i) => {
    const digits = String(Math.floor(sys.rand(`contact:${i}`) * 1e8)).padStart(8, '0');
    const number = sys.locale === 'zh' ? `13${i}${digits}` : `555${String(100 + i * 37).slice(-3)}${digits.slice(0, 4)}`;
    return { id: i + 1, name, number };
  });
}

export function seedCalls(sys: SystemApi, contacts: Contact[]): CallEntry[] {
  const now = sys.now();
  const types: CallEntry['type'][] = ['missed', 'incoming', 'outgoing', 'incoming', 'missed', 'outgoing'];
  return types.map((type, i) => {
    const c = contacts[Math.floor(sys.rand(`call:${i}`) * contacts.length)]!;
    const unknown = i === 4;
    return {
      number: unknown ? (sys.locale === 'zh' ? '02195566888' : '8005550199') : c.number,
      type,
      time: now - Math.floor((i + 1) * (3 + sys.rand(`calltime:${i}`) * 10) * 3_600_000),
      durationSec: type === 'missed' ? 0 : 30 + Math.floor(sys.rand(`dur:${i}`) * 600),
      seen: type !== 'missed',
    };
  });
}

export function nameFor(contacts: Contact[], number: string): string | undefined {
  const n = normalize(number);
  return contacts.find((c) => normalize(c.number) === n)?.name;
}

export function normalize(number: string): string {
  return number.replace(/[^\d+]/g, '');
}

export function whenLabel(ms: number, now: number, timeZone: string, t: (en: string, zh: string) => string): string {
  const day = (x: number) => dateFormat('en-CA', { timeZone }).format(x);
  const hm = dateFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);
  if (day(ms) === day(now)) return hm;
  if (day(ms) === day(now - 86_400_000)) return t(`Yesterday ${hm}`, `昨天 ${hm}`);
  return dateFormat(t('en-US', 'zh-CN'), { timeZone, month: 'short', day: 'numeric' }).format(ms);
}
