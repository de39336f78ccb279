import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TryPathsSummary } from '../../../shared/domain/path-trial.js';
import { REPO_ROOT } from '../../support/fixtures.js';
import { cliToEnd } from '../../support/cli-process.js';
import { copyOfSharedDemo } from '../../support/shared-demo.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';
import { SAMPLE_PHONE } from '../../../electron/services/devices/sample-phones.js';
import { WorkspaceStore } from '../../../electron/adapters/db/workspace-store.js';

/**
 * `graph try-paths FILE` end to end, as a reviewer runs a held-out path set: the sample set's `demo` workspace (graphs
 * from the human demonstrations alone), a set of hand-written paths (test/fixtures/path-sets/try-paths-sample.json),
 * each played on a virtual phone of the command's own for the truth (the task's checks) and walked offline as a `vlm`
 * agent's replies. A path whose writer expected otherwise than the phone says is flagged; a path that cannot be played
 * (a label no screen shows, a "clear" no `vlm` agent can send) is named, not counted. What a path changed beyond what
 * the task's checks and footprint name is reported as an online run's side-effect watch reports it.
 */
describe('graph try-paths through the CLI', () => {
  let dir = '';
  let ws = '';
  const cli = (args: string[]) => cliToEnd(['--workspace', ws, ...args]);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'eb-try-paths-'));
    ws = (await copyOfSharedDemo(dir)).workspace;
  }, 3_000_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('plays each path for the truth, walks it offline, and says where they disagree or it could not be played', async () => {
    const r = await cli(['--json', 'graph', 'try-paths', join(REPO_ROOT, 'test/fixtures/path-sets/try-paths-sample.json')]);
    // Paths that could not be played make the command fail, after it printed the rest.
    expect(r.code, r.stderr).toBe(1);
    const s = JSON.parse(r.stdout) as TryPathsSummary;
    expect(s).toMatchObject({
      paths: 13,
      right: 6,
      wrong: 5,
      falseAccepts: 0,
      falseRejects: 3,
      unplayable: 2,
      phoneDisagrees: 3,
      sideEffectPaths: 3,
      falseRejectsWithSideEffects: 1,
      falseRejectsUnshown: 1,
    });
    const by = (i: number) => s.results.find((x) => x.index === i)!;
    // The stepper route: right on the phone, accepted offline; saved unstepped: wrong, refused.
    expect(by(1)).toMatchObject({ verdict: 'agree', phone: { pass: true }, offline: { accepted: true }, phoneDisagrees: false });
    expect(by(2)).toMatchObject({ verdict: 'agree', phone: { pass: false }, offline: { accepted: false }, phoneDisagrees: false });
    // Written as right, but 05:00 on the phone: the phone decides, and the path is flagged for its writer.
    expect(by(3)).toMatchObject({ verdict: 'agree', expect: 'right', phone: { pass: false }, phoneDisagrees: true });
    // The result page closed by its 完成 after the transfer: the transfer stands.
    expect(by(4)).toMatchObject({ verdict: 'agree', phone: { pass: true }, offline: { accepted: true } });
    expect(by(5).verdict).toBe('unplayable');
    expect(by(5).note).toMatch(/no clickable element labelled "一键理财"/);
    expect(by(6).verdict).toBe('unplayable');
    expect(by(6).note).toMatch(/cannot send Type with clear/);
    // The alarm set and another deleted on the way: the checks pass it, the side-effect watch names the deletion (as an
    // online run's does), and the walk refused it — a false reject by the checks, of a careless path.
    expect(by(7)).toMatchObject({ verdict: 'false-reject', expect: 'wrong', phone: { pass: true }, phoneDisagrees: true });
    expect(by(7).sideEffects.join(' ')).toMatch(/deleted.*08:30 吃药/);
    expect(by(1).sideEffects).toEqual([]);
    // 李强 typed, then the label 李强 tapped: on the phone the box, which shows what was typed — not the suggestion, so
    // no recipient. The offline agent is aimed at the box too, never at the suggestion of that label (a held-out set's
    // false accept was this aiming, not the walk).
    expect(by(8)).toMatchObject({ verdict: 'agree', phone: { pass: false }, offline: { accepted: false } });
    // A label the phone's screen gives two controls (the song's row and the mini player's title) names neither: the
    // tap stays where the phone had it, not on the row the recorded list shows (which would play the song again).
    expect(by(9)).toMatchObject({ verdict: 'agree', phone: { pass: false }, offline: { accepted: false } });
    // A question the path asks is answered as `run --user scripted` answers it: phone-call-her's user says who 她 is,
    // and the walk goes on; a task with no scripted user has nothing to say, and asking ends the walk there.
    expect(by(10)).toMatchObject({ verdict: 'agree', phone: { pass: true }, offline: { accepted: true } });
    expect(by(11)).toMatchObject({ verdict: 'false-reject', phone: { pass: true }, offline: { accepted: false, exit: 'ask_user' } });
    // A run stops at the task's step budget, online or offline: a path longer than that fails there, whatever its end
    // would show on the phone (held-out set AU's pill alarm: 21 steps where the task allows 20).
    expect(by(12)).toMatchObject({
      verdict: 'agree',
      expect: 'right',
      phone: { pass: false },
      offline: { accepted: false },
      phoneDisagrees: true,
    });
    expect(by(12).phone!.reason).toMatch(/in 21 steps where the task allows 20/);
    // The 07:00 alarm's editor, which no demonstration recorded, opened and saved unchanged, then its switch: right on
    // the phone; offline the run showed that page only as unrecorded, where the path's 保存 was aimed — counted apart.
    expect(by(13)).toMatchObject({ verdict: 'false-reject', phone: { pass: true }, offline: { accepted: false, unshown: true } });
  }, 600_000);

  /** Plays paths of one task through `graph try-paths`; the command's summary, every path played. */
  const tryPaths = async (name: string, task: string, paths: [string, 'right' | 'wrong', unknown[]][]) => {
    const file = join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(paths.map(([path, expect, script]) => ({ task, name: path, expect, script }))));
    const r = await cli(['--json', 'graph', 'try-paths', file]);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as TryPathsSummary;
  };
  const phoneSays = (pass: boolean) => ({ phone: { pass }, offline: { accepted: pass } });
  /** A tap at a point of the `vlm` grid (0–1000), as a script step. */
  const tap = (x: number, y: number) => ({ type: 'Tap', at: { x, y } });

  it('an agent is shown another task’s recording of a page with the keyboard up only where it is laid out as this one', async () => {
    // The shop's home as the milk task recorded it with the keyboard up has no parcel card at its head: 粮油 stands there
    // where this task's home has the card. Shown it after the search box was tapped, an agent aimed 粮油 there and the
    // walk, reading the tap on this task's home, took it as the card: the order opened (the phone opens 粮油's results).
    const shop = { type: 'LaunchApp', app: 'com.vphone.shop' };
    const box = { type: 'Tap', on: '搜索商品' };
    const card = { type: 'Tap', on: '您的包裹正在派送' };
    const s = await tryPaths('keyboard-screen', 'shop-where-parcel', [
      ['the search box, then 粮油', 'wrong', [shop, box, { type: 'Tap', on: '粮油' }]],
      ['the search box, then 眼镜', 'wrong', [shop, box, { type: 'Tap', on: '眼镜' }]],
      ['the search box, then the card', 'right', [shop, box, card]],
      ['the search box, Back, the card', 'right', [shop, box, { type: 'Back' }, card]],
    ]);
    expect(s).toMatchObject({ falseAccepts: 0, falseRejects: 0, results: [false, false, true, true].map(phoneSays) });
  }, 300_000);

  it('after Back below the page the setup opened, the run shows a page not recorded, and a refusal there is counted so', async () => {
    // news-save-this begins on an article the setup opened; Back shows the news feed on the phone, which no recording of
    // the task shows below it. The offline run showed the article again; it shows a page not recorded now (from which
    // Back does not return), so the right path refused after it acted where nothing recorded was shown.
    const s = await tryPaths('lost', 'news-save-this', [
      [
        'Back to the feed, the article again by its tab, 收藏',
        'right',
        [{ type: 'Back' }, { type: 'Tap', on: '本地' }, { type: 'Tap', on: '社区老年食堂开张' }, { type: 'Tap', on: '收藏' }],
      ],
      ['收藏, then Back', 'right', [{ type: 'Tap', on: '收藏' }, { type: 'Back' }]],
    ]);
    expect(s).toMatchObject({ falseAccepts: 0, falseRejects: 1, falseRejectsUnshown: 1 });
    expect(s.results[0]).toMatchObject({ verdict: 'false-reject', offline: { accepted: false, unshown: true } });
    expect(s.results[1]).toMatchObject({ verdict: 'agree', offline: { accepted: true } });
  }, 300_000);

  const phones = useVirtualPhones();

  it('the right paths it refused, given to accept-routes, are recorded on the phone and the grown graph accepts them, and no careless path a recorded no-op lets through', async () => {
    const set = join(dir, 'unrecorded.json');
    writeFileSync(
      set,
      JSON.stringify([
        {
          task: 'clock-no-early-alarm',
          name: 'the 07:00 editor opened and saved unchanged, then its switch',
          expect: 'right',
          script: [{ type: 'LaunchApp', app: '时钟' }, { type: 'Tap', on: '07:00' }, { type: 'Tap', on: '保存' }, tap(898, 136)],
        },
      ]),
    );
    const first = await cli(['--json', 'graph', 'try-paths', set]);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ falseRejects: 1, falseRejectsUnshown: 1 });
    const out = join(dir, 'unrecorded-result.json');
    writeFileSync(out, first.stdout);
    // The try-paths output as it is: its refused right path, played again on a sample phone and checked there.
    const phone = await phones({ count: 1, ...SAMPLE_PHONE });
    const grown = await cliToEnd([
      '--workspace',
      ws,
      '--adb',
      `127.0.0.1:${phone.port}`,
      '--json',
      'graph',
      'accept-routes',
      out,
      '--device',
      'vphone-1',
      '--allow-side-effects',
    ]);
    expect(grown.code, grown.stderr).toBe(0);
    expect(JSON.parse(grown.stdout)).toMatchObject({ recorded: [{ taskId: 'clock-no-early-alarm' }], refused: [] });
    const again = await cli(['--json', 'graph', 'try-paths', set]);
    expect(JSON.parse(again.stdout)).toMatchObject({ falseRejects: 0, results: [{ verdict: 'agree', offline: { accepted: true } }] });
    // A press recorded where it changed nothing, because the value it sets already held, may undo the goal later: grown
    // with a route that picked 南京, the city already, before 哈尔滨, the graph must not take 南京 picked after 哈尔滨 as
    // leaving the goal standing (the phone's check fails: the city is 南京), while the list looked at and left by Back
    // still leaves 哈尔滨 (before the fix the grown graph accepted both).
    const weather = { type: 'LaunchApp', app: '天气' };
    const harbin = { type: 'Tap', on: '哈尔滨', scroll: 'down' };
    const manage = { type: 'Tap', on: '城市管理' };
    const routes = join(dir, 'weather-route.json');
    const down = { type: 'Swipe', from: { x: 500, y: 750 }, to: { x: 500, y: 250 }, ms: 400 };
    writeFileSync(
      routes,
      JSON.stringify([
        {
          task: 'weather-son-cold',
          name: '南京 picked first, then 哈尔滨',
          expect: 'right',
          script: [weather, manage, { type: 'Tap', on: '南京' }, down, manage, harbin],
        },
      ]),
    );
    const refused = await cli(['--json', 'graph', 'try-paths', routes]);
    expect(JSON.parse(refused.stdout)).toMatchObject({ falseRejects: 1 });
    const refusedFile = join(dir, 'weather-route-result.json');
    writeFileSync(refusedFile, refused.stdout);
    const grownWeather = await cliToEnd([
      ...['--workspace', ws, '--adb', `127.0.0.1:${phone.port}`, '--json', 'graph', 'accept-routes', refusedFile],
      ...['--device', 'vphone-1', '--allow-side-effects'],
    ]);
    expect(grownWeather.code, grownWeather.stderr).toBe(0);
    const after = join(dir, 'after-growth.json');
    writeFileSync(
      after,
      JSON.stringify([
        {
          task: 'weather-son-cold',
          name: '哈尔滨, then 南京 picked back',
          expect: 'wrong',
          script: [weather, manage, harbin, manage, { type: 'Tap', on: '南京' }],
        },
        {
          task: 'weather-son-cold',
          name: '哈尔滨, then the list looked at and left by Back',
          expect: 'right',
          script: [weather, manage, harbin, manage, { type: 'Back' }],
        },
      ]),
    );
    const grownVerdicts = await cli(['--json', 'graph', 'try-paths', after]);
    expect(grownVerdicts.code, grownVerdicts.stderr).toBe(0);
    expect(JSON.parse(grownVerdicts.stdout)).toMatchObject({
      falseAccepts: 0,
      falseRejects: 0,
      results: [
        { phone: { pass: false }, offline: { accepted: false } },
        { phone: { pass: true }, offline: { accepted: true } },
      ],
    });
  }, 600_000);

  it('a graph grown from a route through a tab replays it: the home list comes back at its top by 首页, not by Back', async () => {
    // The shop's home list swiped twice, the cart's tab, then 首页: the app shows the list from its top again, and the
    // parcel card there opens the order. Grown from that route, the graph must accept it (before the fix it took the tab
    // to the list as left, scrolled, and refused the route it had just recorded: "not valid"); a tap at the card's place
    // with the list still scrolled, by no tab or after Back off the cart, opens something else on the phone: refused.
    const shop = { type: 'LaunchApp', app: 'com.vphone.shop' };
    const swipe = { type: 'Swipe', from: { x: 500, y: 700 }, to: { x: 500, y: 300 }, ms: 500 };
    const viaTab = [
      shop,
      swipe,
      swipe,
      { type: 'Tap', on: '购物车' },
      { type: 'Tap', on: '首页' },
      { type: 'Tap', on: '您的包裹正在派送' },
    ];
    const routeFile = join(dir, 'parcel-route.json');
    writeFileSync(routeFile, JSON.stringify([{ task: 'shop-where-parcel', name: 'via the tab', expect: 'right', script: viaTab }]));
    const refused = await cli(['--json', 'graph', 'try-paths', routeFile]);
    expect(JSON.parse(refused.stdout)).toMatchObject({ falseRejects: 1 });
    const refusedFile = join(dir, 'parcel-route-result.json');
    writeFileSync(refusedFile, refused.stdout);
    const phone = await phones({ count: 1, ...SAMPLE_PHONE });
    const grown = await cliToEnd([
      ...['--workspace', ws, '--adb', `127.0.0.1:${phone.port}`, '--json', 'graph', 'accept-routes', refusedFile],
      ...['--device', 'vphone-1', '--allow-side-effects'],
    ]);
    expect(grown.code, grown.stderr).toBe(0);
    expect(JSON.parse(grown.stdout)).toMatchObject({ versions: [{ taskId: 'shop-where-parcel', trust: 'valid' }] });
    const cardPlace = tap(500, 192);
    const after = join(dir, 'parcel-after.json');
    writeFileSync(
      after,
      JSON.stringify([
        { task: 'shop-where-parcel', name: 'via the tab', expect: 'right', script: viaTab },
        { task: 'shop-where-parcel', name: "scrolled, the card's place", expect: 'wrong', script: [shop, swipe, swipe, cardPlace] },
        {
          task: 'shop-where-parcel',
          name: "scrolled, the cart, Back, the card's place",
          expect: 'wrong',
          script: [shop, swipe, swipe, { type: 'Tap', on: '购物车' }, { type: 'Back' }, cardPlace],
        },
      ]),
    );
    const verdicts = await cli(['--json', 'graph', 'try-paths', after]);
    expect(verdicts.code, verdicts.stderr).toBe(0);
    expect(JSON.parse(verdicts.stdout)).toMatchObject({
      falseAccepts: 0,
      falseRejects: 0,
      results: [
        { phone: { pass: true }, offline: { accepted: true } },
        { phone: { pass: false }, offline: { accepted: false } },
        { phone: { pass: false }, offline: { accepted: false } },
      ],
    });
  }, 600_000);

  /** Records routes (id → actions) of one task as demonstrations on a fresh sample phone, through `graph accept-routes`. */
  const grow = async (name: string, taskId: string, routes: Record<string, unknown[]>) => {
    const file = join(dir, `${name}.json`);
    const list = Object.entries(routes).map(([id, actions]) => ({ id, taskId, actions, reaches: { checksPass: true, state: '' } }));
    writeFileSync(file, JSON.stringify(list));
    const phone = await phones({ count: 1, ...SAMPLE_PHONE });
    const r = await cliToEnd([
      ...['--workspace', ws, '--adb', `127.0.0.1:${phone.port}`, '--json', 'graph', 'accept-routes', file],
      ...['--device', 'vphone-1', '--allow-side-effects'],
    ]);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as unknown;
  };

  it("a graph grown from a shorter swipe reads each recorded tap on its own screen: the other swipe's place is another city", async () => {
    // Exploration swipes 400 units where the people swiped 500: the city list one swipe down is one node, shown as the
    // people's screen, and 哈尔滨 tapped after the shorter swipe lies 100 units lower. Before the fix the grown graph took
    // a tap at that lower place after the longer swipe as 哈尔滨 (its probe found the crossover); the phone has the next
    // city there.
    const launch = { type: 'LaunchApp', app: 'com.vphone.weather' };
    const manage = tap(923, 61);
    const short = { type: 'Swipe', from: { x: 500, y: 700 }, to: { x: 500, y: 300 }, ms: 500 };
    const long = { type: 'Swipe', from: { x: 500, y: 750 }, to: { x: 500, y: 250 }, ms: 400 };
    const lower = tap(500, 901);
    const grown = await grow('short-swipe-route', 'weather-son-cold', { 'short-swipe': [launch, manage, short, lower] });
    expect(grown).toMatchObject({ versions: [{ taskId: 'weather-son-cold', trust: 'valid' }] });
    const s = await tryPaths('short-swipe-after', 'weather-son-cold', [
      ['the shorter swipe, 哈尔滨 lower', 'right', [launch, manage, short, lower]],
      ['the longer swipe, 哈尔滨 higher', 'right', [launch, manage, long, tap(500, 801)]],
      ["the longer swipe, the shorter one's place", 'wrong', [launch, manage, long, lower]],
    ]);
    expect(s).toMatchObject({ falseAccepts: 0, falseRejects: 0, results: [true, true, false].map(phoneSays) });
  }, 600_000);

  it('a list come back to by the Up arrow of the page it opened stands where the path left it, as the recordings show', async () => {
    // The app store's home list left for 更新 at the top (R2) or one swipe down (R1) and come back to by the updates
    // page's Up: on the phone the list is where it was left. Grown from both, the graph stood, before the fix, at both
    // depths after the Up, and after one swipe at both again: a tap where R2 found 中国象棋 two swipes down, made one swipe
    // down (天气通 there, already installed: 打开, no card game), was taken as R2's.
    const launch = { type: 'LaunchApp', app: 'com.vphone.appstore' };
    const swipe = { type: 'Swipe', from: { x: 500, y: 700 }, to: { x: 500, y: 300 }, ms: 500 };
    const updates = tap(923, 61);
    const up = tap(68, 61);
    const mahjongTwoDown = tap(500, 829);
    const chessTwoDown = tap(500, 345);
    const install = tap(500, 285);
    const r1 = [launch, swipe, updates, up, swipe, mahjongTwoDown, install];
    const r2 = [launch, updates, up, swipe, swipe, chessTwoDown, install];
    const grown = await grow('up-routes', 'store-card-game', { 'left-down': r1, 'left-top': r2 });
    expect(grown).toMatchObject({ versions: [{ taskId: 'store-card-game', trust: 'valid' }] });
    const s = await tryPaths('up-after', 'store-card-game', [
      ['left one swipe down, Up, a swipe more, 老年麻将', 'right', r1],
      ['left at the top, Up, two swipes, 中国象棋', 'right', r2],
      ["left at the top, Up, one swipe, 中国象棋's place two down", 'wrong', [launch, updates, up, swipe, chessTwoDown, install]],
      ['left one swipe down, Up, a swipe more, 老年麻将 opened, not installed', 'wrong', r1.slice(0, -1)],
    ]);
    expect(s).toMatchObject({ falseAccepts: 0, falseRejects: 0, results: [true, true, false, false].map(phoneSays) });
  }, 600_000);

  it('a graph grown from short swipes replays them: the second taken from where the first left the list', async () => {
    // The people swiped the store's list 500 units; exploration swiped 400, three times (the last at the list's end),
    // then 广场舞教学. The first short swipe leaves the walk 100 units above the node's screen (the people's) — where
    // exploration's own second swipe began. Before the fix the walk took the second and third as scrolls no demonstration
    // made, read the tap 700 units down the people's screen, and refused the route just recorded ("not valid").
    const launch = { type: 'LaunchApp', app: 'com.vphone.appstore' };
    const short = { type: 'Swipe', from: { x: 500, y: 700 }, to: { x: 500, y: 300 }, ms: 500 };
    const dance = tap(500, 190);
    const install = tap(500, 285);
    const route = [launch, short, short, short, dance, install];
    const grown = await grow('two-short-swipes', 'store-install-grandson', { 'three-short': route });
    expect(grown).toMatchObject({ versions: [{ taskId: 'store-install-grandson', trust: 'valid' }] });
    const s = await tryPaths('two-short-swipes-after', 'store-install-grandson', [
      ['three short swipes, 广场舞教学, 安装', 'right', route],
      ['three short swipes, 广场舞教学 opened, not installed', 'wrong', route.slice(0, -1)],
    ]);
    expect(s).toMatchObject({ falseAccepts: 0, falseRejects: 0, results: [true, false].map(phoneSays) });
  }, 600_000);

  it('a graph grown from a route whose Back hid the keyboard replays it: the swipe after it moves the list', async () => {
    // The store's search box tapped (the keyboard up), Back (the keyboard down, the box keeps the focus), a swipe down the
    // list and 挂号网 at the top. Grown from that route, the graph holds the Back as an edge of the home page to itself;
    // before the fix the walk took it with the keyboard still up, read the swipe as on the keyboard and the tap as the
    // search box, and refused the route it had just recorded ("not valid"). With the keyboard really up (no Back), the
    // swipe lands on the keyboard on the phone too and the tap opens nothing: refused; 打车 installed instead: refused.
    const launch = { type: 'LaunchApp', app: 'com.vphone.appstore' };
    const box = tap(500, 127);
    const swipe = { type: 'Swipe', from: { x: 500, y: 700 }, to: { x: 500, y: 300 }, ms: 500 };
    const top = tap(500, 126);
    const install = tap(500, 285);
    const route = [launch, box, { type: 'Back' }, swipe, top, install];
    const grown = await grow('back-hides-keyboard', 'store-hospital-app', { 'box-back': route });
    expect(grown).toMatchObject({ versions: [{ taskId: 'store-hospital-app', trust: 'valid' }] });
    const s = await tryPaths('back-hides-keyboard-after', 'store-hospital-app', [
      ['the box, Back, a swipe, 挂号网, 安装', 'right', route],
      ['the box, a swipe on the keyboard, 挂号网’s place', 'wrong', [launch, box, swipe, top, install]],
      ['the box, Back, a swipe, 打车 low on the list, 安装', 'wrong', [launch, box, { type: 'Back' }, swipe, tap(500, 946), install]],
    ]);
    expect(s).toMatchObject({ falseAccepts: 0, falseRejects: 0, results: [true, false, false].map(phoneSays) });
  }, 600_000);

  it('a graph grown from a route through the other tab above one form replays it: the train form holds 北京 from the flights tab', async () => {
    // The travel app's 火车票 · 机票 tabs sit above one form: 北京's shortcut on the flights tab, its flights, Up, then
    // 火车票 — the train form shows 北京 too, and 查询 lists the trains. Grown from that route, the graph took 火车票 to the
    // train form as the path had left it (no destination): it looked for where the route left the tab's page and found
    // the flights form, the same page under the other tab, and refused the route it had just recorded ("not valid").
    // The flights tab only looked at (no destination), then 查询 and the first train's place: nothing listed, refused;
    // the flight booked instead: refused.
    const launch = { type: 'LaunchApp', app: 'com.vphone.travel' };
    const flights = tap(750, 127);
    const trains = tap(250, 127);
    const beijing = tap(500, 534);
    const query = tap(500, 429);
    const first = tap(500, 256);
    const submit = tap(500, 913);
    const route = [launch, flights, beijing, tap(68, 61), trains, query, first, submit];
    const grown = await grow('shared-form', 'travel-train-beijing', { 'via-flights': route });
    expect(grown).toMatchObject({ versions: [{ taskId: 'travel-train-beijing', trust: 'valid' }] });
    const s = await tryPaths('shared-form-after', 'travel-train-beijing', [
      ['机票, 北京, Up, 火车票, 查询, the first train', 'right', route],
      ['机票 looked at, 火车票, 查询, the first train’s place', 'wrong', [launch, flights, trains, query, first, submit]],
      ['机票, 北京, the first flight booked', 'wrong', [launch, flights, beijing, first, submit]],
    ]);
    expect(s).toMatchObject({ falseAccepts: 0, falseRejects: 0, results: [true, false, false].map(phoneSays) });
  }, 600_000);

  it('a graph grown from a route through the tab risen over the keyboard replays it: the recorded press taken where it was made', async () => {
    // 甜蜜蜜 played and left by Back (the history reorders: 霸王别姬 second), the search box tapped (the keyboard up), 最近播放
    // where it has risen over the keyboard, the second row. Grown from that route, the walk moved the tap to where 最近播放
    // stands with the keyboard down, which no recording pressed from that screen, and refused the route it had just
    // recorded ("not valid"). The tab's keyboard-down place with the keyboard up is a key (refused), and the first row
    // after the reorder plays 甜蜜蜜 again (refused).
    const launch = { type: 'LaunchApp', app: 'com.vphone.music' };
    const song = tap(500, 350);
    const box = tap(500, 127);
    const risen = tap(834, 632);
    const second = tap(500, 214);
    const route = [launch, song, { type: 'Back' }, box, risen, second];
    // A second route types into the search box (exploration's, the task's words 最近播放): the walk then knows the box
    // as a field, whose tap raises the keyboard.
    const typed = [launch, box, { type: 'Type', text: '最近播放' }, risen, second, { type: 'Back' }, second];
    const grown = await grow('risen-tab', 'music-play-before', { 'risen-tab': route, typed });
    expect(grown).toMatchObject({ versions: [{ taskId: 'music-play-before', trust: 'valid' }] });
    const s = await tryPaths('risen-tab-after', 'music-play-before', [
      ['甜蜜蜜, Back, the search box, 最近播放 risen, the second row', 'right', route],
      [
        '甜蜜蜜, Back, the search box, 最近播放’s place under the keyboard, the second row',
        'wrong',
        [launch, song, { type: 'Back' }, box, tap(834, 917), second],
      ],
      ['甜蜜蜜, Back, the search box, 最近播放 risen, the first row', 'wrong', [launch, song, { type: 'Back' }, box, risen, tap(500, 135)]],
    ]);
    expect(s).toMatchObject({ falseAccepts: 0, falseRejects: 0, results: [true, false, false].map(phoneSays) });
  }, 600_000);

  it('a graph grown from a press one swipe down still reads the label where the list stands at its top', async () => {
    // Grown from 挂号网 pressed one swipe down the store's list (its first row there, where the search box stands at the
    // top), the walk moved 挂号网 tapped at the top (the fifth row) to that place — into the search box — and refused the
    // right path the human graph had accepted. The search box's place tapped at the top, then 安装's: refused.
    const launch = { type: 'LaunchApp', app: 'com.vphone.appstore' };
    const swipe = { type: 'Swipe', from: { x: 500, y: 700 }, to: { x: 500, y: 300 }, ms: 500 };
    const install = tap(500, 285);
    const oneDown = [launch, swipe, tap(500, 126), install];
    const grown = await grow('label-place', 'store-hospital-app', { 'one-down': oneDown });
    expect(grown).toMatchObject({ versions: [{ taskId: 'store-hospital-app', trust: 'valid' }] });
    const s = await tryPaths('label-place-after', 'store-hospital-app', [
      ['挂号网 at the top, 安装', 'right', [launch, tap(500, 516), install]],
      ['one swipe down, 挂号网, 安装', 'right', oneDown],
      ['the search box’s place at the top, then 安装’s', 'wrong', [launch, tap(500, 126), install]],
    ]);
    expect(s).toMatchObject({ falseAccepts: 0, falseRejects: 0, results: [true, true, false].map(phoneSays) });
  }, 600_000);

  it('a graph grown where the 07:00 editor was saved unchanged goes on after its hour is stepped and the editor left by Up', async () => {
    // Grown from a route that opened the 07:00 alarm's editor and saved it unchanged before adding the 20:00 alarm, the
    // graph knows that editor; its hour stepped by −1 h (a stepper only another task's recording pressed there), then its minute
    // field tapped or the Up arrow: refused as acting with the held hour, though the field only takes the focus and Up
    // discards the editor (right on the phone). Saved with the hour held, or 21:00 added: refused.
    const launch = { type: 'LaunchApp', app: 'com.android.deskclock' };
    const seven = tap(500, 136);
    const hourDown = tap(148, 261);
    const minute = tap(500, 383);
    const up = tap(68, 61);
    const add = tap(893, 838);
    const save = tap(740, 601);
    const eleven = Array.from({ length: 11 }, () => hourDown);
    // −1 h on the 07:00 editor as clock-alarm-six's grown graph records it (stepped, then Up, then a new alarm at 06:00).
    const six = await grow('held-hour-six', 'clock-alarm-six', { 'seven-stepped': [launch, seven, hourDown, up, add, hourDown, save] });
    expect(six).toMatchObject({ versions: [{ taskId: 'clock-alarm-six', trust: 'valid' }] });
    const grown = await grow('held-hour', 'clock-pills-evening', { 'seven-saved': [launch, seven, save, add, ...eleven, save] });
    expect(grown).toMatchObject({ versions: [{ taskId: 'clock-pills-evening', trust: 'valid' }] });
    const s = await tryPaths('held-hour-after', 'clock-pills-evening', [
      ['07:00: −1 h, the minute, Up; 添加闹钟, −1 h × 11, 保存', 'right', [launch, seven, hourDown, minute, up, add, ...eleven, save]],
      ['07:00: −1 h, Up; 添加闹钟, −1 h × 11, 保存', 'right', [launch, seven, hourDown, up, add, ...eleven, save]],
      ['07:00: −1 h, the minute, 保存', 'wrong', [launch, seven, hourDown, minute, save]],
      ['07:00: −1 h, Up; 添加闹钟, −1 h × 10, 保存', 'wrong', [launch, seven, hourDown, up, add, ...eleven.slice(1), save]],
    ]);
    expect(s).toMatchObject({ falseAccepts: 0, falseRejects: 0, results: [true, true, false, false].map(phoneSays) });
  }, 600_000);

  it('a route the phone refuses is discarded with its screenshots stored before the command ends', async () => {
    // The 07:00 alarm (weekdays) stepped to 06:00 and saved: clock-alarm-six's check wants a one-off alarm, so the route
    // is refused and its recording discarded. The command closed the workspace while that recording's screenshots were
    // still being stored and said so in an error, leaving them pending.
    const clock = { type: 'LaunchApp', app: 'com.android.deskclock' };
    const file = join(dir, 'refused-route.json');
    const actions = [clock, tap(500, 136), tap(148, 261), tap(740, 601)];
    writeFileSync(file, JSON.stringify([{ id: 'weekdays', taskId: 'clock-alarm-six', actions, reaches: { checksPass: true, state: '' } }]));
    const phone = await phones({ count: 1, ...SAMPLE_PHONE });
    const r = await cliToEnd([
      ...['--workspace', ws, '--adb', `127.0.0.1:${phone.port}`, '--json', 'graph', 'accept-routes', file],
      ...['--device', 'vphone-1', '--allow-side-effects'],
    ]);
    expect(r.code, r.stderr).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ recorded: [], refused: [{ routeId: 'weekdays', reason: /checks fail at its end/ }] });
    expect(r.stderr).not.toMatch(/could not store/);
    const store = WorkspaceStore.open(ws);
    try {
      expect(store.pendingCaptures.count()).toBe(0);
    } finally {
      store.close();
    }
  }, 600_000);

  it('a bad file is refused naming the file, the path and the field; nothing is played', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify([{ task: 'clock-alarm-six', script: [{ type: 'Back' }] }]));
    const r = await cli(['graph', 'try-paths', bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${bad}: path #1 name`);
    const missing = await cli(['graph', 'try-paths', join(dir, 'none.json')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('none.json: ENOENT');
  }, 120_000);
});
