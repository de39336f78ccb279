import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdbServer } from '../../../electron/adapters/adb/adb-client.js';
import type { DevicePort } from '../../../electron/core/device/device-port.js';
import { evaluateExpect } from '../../../electron/core/eval/check-matcher.js';
import type { ScriptStep } from '../../../electron/core/recording/script.js';
import { playScript } from '../../../electron/core/recording/script.js';
import { parseUiXml } from '../../../electron/core/ui/parse-ui-xml.js';
import { scriptedAnswer } from '../../../electron/core/user/scripted-user.js';
import type { VirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import { startVirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { resolvePackage } from '../../../electron/services/devices/app-packages.js';
import type { Task } from '../../../shared/schemas/task.js';
import { loadSampleTasks } from './sample-set.js';

/**
 * The sample tasks that need the older adult's answer are honest about it: doing what a guesser
 * would do without the fact (the plausible wrong person, day, amount) fails the checks — the
 * demonstrations (sample-set.test.ts) show the right fact passes — and the question an agent
 * would naturally ask gets the fact from the scripted answers.
 */
const tap = (on: string, o: Partial<ScriptStep> = {}): ScriptStep => ({ type: 'Tap', on, ...o }) as ScriptStep;
const type = (text: string): ScriptStep => ({ type: 'Type', text });
const launch = (app: string): ScriptStep => ({ type: 'LaunchApp', app });
const set = (text: string, clear = true): ScriptStep => ({ type: 'Type', text, clear });

/** Per task: what an agent would ask, a word its answer must contain, and a guess without the fact. */
const CASES: Record<string, { ask: string; fact: string; guess: ScriptStep[] }> = {
  'phone-call-her': { ask: '请问"她"是谁？', fact: '刘芳', guess: [launch('com.android.dialer'), tap('通讯录'), tap('王丽'), tap('呼叫')] },
  'phone-call-liufang': {
    ask: '要打给刘芳吗？',
    fact: '刘芳',
    guess: [launch('com.android.dialer'), tap('通讯录'), tap('张医生'), tap('呼叫')],
  },
  'messages-tell-him-late': {
    ask: '您说的"他"是哪位？',
    fact: '李强',
    guess: [
      launch('com.android.messaging'),
      tap('发起聊天'),
      tap('收件人：姓名或号码'),
      type('陈刚'),
      tap('陈刚', { nth: 1 }),
      tap('短信'),
      type('我晚点到'),
      tap('发送'),
    ],
  },
  'messages-party-day': {
    ask: '改到哪天了？',
    fact: '周日',
    guess: [
      launch('com.android.messaging'),
      tap('发起聊天'),
      tap('收件人：姓名或号码'),
      type('王丽'),
      tap('王丽', { nth: 1 }),
      tap('短信'),
      type('周六一起吃饭'),
      tap('发送'),
    ],
  },
  'clock-alarm-set': { ask: '闹钟定在几点？', fact: '五点半', guess: [launch('com.android.deskclock'), tap('添加闹钟'), tap('保存')] },
  'clock-pills-evening': {
    ask: '您几点吃药？',
    fact: '八点',
    guess: [launch('com.android.deskclock'), tap('添加闹钟'), tap('07'), set('8'), tap('保存')],
  },
  'weather-son-cold': { ask: '您儿子在哪个城市？', fact: '哈尔滨', guess: [launch('com.vphone.weather'), tap('城市管理'), tap('北京')] },
  'music-play-that': {
    ask: '您爱听哪首歌？',
    fact: '甜蜜蜜',
    guess: [launch('com.vphone.music'), tap('搜索歌曲、歌手、戏曲'), type('邓丽君'), { type: 'Enter' }, tap('月亮代表我的心')],
  },
  'store-install-grandson': {
    ask: '是什么软件？叫什么名字？',
    fact: '广场舞',
    guess: [launch('com.vphone.appstore'), tap('搜索应用'), type('麻将'), { type: 'Enter' }, tap('老年麻将'), tap('安装')],
  },
  'wallet-transfer-how-much': {
    ask: '转多少钱？',
    fact: '两百',
    guess: [launch('com.vphone.wallet'), tap('⇄ 转账'), tap('女儿小芳'), tap('金额（元）'), type('100'), tap('转账')],
  },
  'travel-book-ticket': {
    ask: '您要去哪里？',
    fact: '杭州',
    guess: [launch('com.vphone.travel'), tap('北京'), tap('G', { match: 'prefix' }), tap('提交订单')],
  },
  'chat-tell-her-home': {
    ask: '"她"是谁呀？',
    fact: '老伴',
    guess: [launch('com.vphone.chat'), tap('通讯录'), tap('女儿小芳'), tap('发消息'), tap('发消息'), type('我到家了'), tap('发送')],
  },
};

const tasks = loadSampleTasks().filter((t) => t.user);
let server: VirtualPhoneServer;
let device: DevicePort;

async function checks(task: Task): Promise<boolean[]> {
  const out: boolean[] = [];
  for (const c of task.success_checks) out.push(evaluateExpect(await device.shell(c.probe), c.expect).pass);
  return out;
}

describe('sample tasks that need asking', () => {
  beforeAll(async () => {
    server = await startVirtualPhoneServer({ port: 0, locale: 'zh', seed: 11, frozenClockMs: Date.UTC(2026, 2, 10, 1, 30) });
    device = new AdbServer({ host: '127.0.0.1', port: server.port }).device('vphone-1');
  });
  afterAll(async () => server?.close());

  it('are at least 10 zh tasks with translations, across the semantic categories that need a fact, plus a clear control', () => {
    expect(tasks.length).toBeGreaterThanOrEqual(12);
    expect(Object.keys(CASES).sort()).toEqual(tasks.map((t) => t.id).sort());
    for (const t of tasks) {
      expect(t.lang).toBe('zh');
      expect(t.translation).toBeTruthy();
      expect(t.user!.facts.length, t.id).toBeGreaterThan(0);
      expect(t.tags).toContain('ask');
    }
    const needing = tasks.filter((t) => t.annotations.semantic !== 'Clear and Explicit');
    expect(needing.length).toBeGreaterThanOrEqual(10);
    expect(new Set(needing.map((t) => t.annotations.semantic))).toEqual(
      new Set(['Under-specification', 'Referential Ambiguity', 'Indirect Speech', 'Disfluency-Correction']),
    );
  });

  it.each(tasks.map((t) => [t.id, t] as const))(
    '%s: the natural question gets the fact, and a guess without it fails the checks',
    async (id, task) => {
      const c = CASES[id]!;
      expect(scriptedAnswer(task.user!.answers ?? [], c.ask)?.say, `${id}: answer to "${c.ask}"`).toContain(c.fact);
      await device.shell('cmd vphone reset');
      for (const cmd of task.setup) await device.shell(cmd);
      await playScript(device, [...c.guess, { type: 'Finish' }], { resolvePackage, sleep, parse: parseUiXml });
      await device.uiDump();
      const results = await checks(task);
      expect(
        results.some((pass) => !pass),
        `${id}: the guess without the fact passed every check`,
      ).toBe(true);
    },
    60_000,
  );
});
