import type { ScreenView, Widget } from '../../ui/widgets.js';
import type { SettingsCtx } from './settings.js';

/** Wi-Fi and Bluetooth. Nearby networks/devices and their signal come from the seed. */
const NETWORKS = ['HomeNet', 'Library_Free', 'CoffeeShop_5G', 'Neighbor-2.4G', 'CityWiFi'];
const OPEN_NETWORKS = new Set(['Library_Free', 'CityWiFi']);
const DEVICES = [
  { en: 'Hearing Aid L', zh: '助听器（左）' },
  { en: 'Car Audio', zh: '车载音响' },
  { en: 'Kitchen Speaker', zh: '厨房音箱' },
  { en: 'Headphones', zh: '头戴式耳机' },
];

export function wifiScreen(ctx: SettingsCtx): ScreenView {
  const s = ctx.sys.settings;
  const on = s.get('global', 'wifi_on') === '1';
  const target = ctx.local['connect'] as string | undefined;
  const password = (ctx.local['password'] as string | undefined) ?? '';
  const body: Widget[] = [
    {
      kind: 'row',
      title: ctx.t('Use Wi-Fi', '使用 WLAN'),
      trailing: { kind: 'switch', checked: on, id: 'switch_widget', onToggle: (v) => s.put('global', 'wifi_on', v ? '1' : '0') },
    },
  ];
  if (on) {
    // Signal strength drifts per 5 minutes of phone time, reordering the list like a real scan.
    const bucket = Math.floor(ctx.sys.now() / 300_000);
    const nets = NETWORKS.map((n) => ({ n, level: Math.floor(ctx.sys.rand(`wifi:${n}:${bucket}`) * 4) + 1 })).sort((a, b) =>
      a.n === ctx.state.wifiConnected ? -1 : b.n === ctx.state.wifiConnected ? 1 : b.level - a.level,
    );
    for (const { n, level } of nets) {
      const connected = n === ctx.state.wifiConnected;
      const saved = ctx.state.wifiSaved.includes(n);
      body.push({
        kind: 'row',
        icon: '◠',
        iconColor: connected ? '#1A73E8' : '#9AA0A6',
        title: n,
        summary: connected
          ? ctx.t('Connected', '已连接')
          : saved
            ? ctx.t('Saved', '已保存')
            : OPEN_NETWORKS.has(n)
              ? ctx.t(`Open · signal ${level}/4`, `开放 · 信号 ${level}/4`)
              : ctx.t(`Secured · signal ${level}/4`, `加密 · 信号 ${level}/4`),
        onTap: () => {
          if (connected) return;
          if (saved || OPEN_NETWORKS.has(n)) connect(ctx, n);
          else {
            ctx.local['connect'] = n;
            ctx.local['password'] = '';
          }
        },
      });
    }
  } else {
    body.push({
      kind: 'text',
      text: ctx.t('To see available networks, turn Wi-Fi on.', '要查看可用网络，请开启 WLAN。'),
      color: '#44474F',
      size: 15,
    });
  }
  const close = () => {
    delete ctx.local['connect'];
    delete ctx.local['password'];
  };
  return {
    title: ctx.t('Wi-Fi', 'WLAN'),
    up: true,
    body,
    dialog: target
      ? {
          title: target,
          body: [
            {
              kind: 'input',
              id: 'password',
              hint: ctx.t('Password', '密码'),
              value: password,
              password: true,
              onChange: (v) => (ctx.local['password'] = v),
            },
          ],
          positive: {
            text: ctx.t('Connect', '连接'),
            onTap: () => {
              if (password.length < 8) {
                ctx.toast(ctx.t('Password must be at least 8 characters', '密码至少需要 8 个字符'));
                return;
              }
              connect(ctx, target);
              close();
            },
          },
          negative: { text: ctx.t('Cancel', '取消'), onTap: close },
        }
      : undefined,
  };
}

function connect(ctx: SettingsCtx, n: string): void {
  ctx.state.wifiConnected = n;
  if (!ctx.state.wifiSaved.includes(n)) ctx.state.wifiSaved.push(n);
  ctx.toast(ctx.t(`Connected to ${n}`, `已连接到 ${n}`));
}

export function bluetoothScreen(ctx: SettingsCtx): ScreenView {
  const s = ctx.sys.settings;
  const on = s.get('global', 'bluetooth_on') === '1';
  const body: Widget[] = [
    {
      kind: 'row',
      title: ctx.t('Use Bluetooth', '使用蓝牙'),
      trailing: { kind: 'switch', checked: on, onToggle: (v) => s.put('global', 'bluetooth_on', v ? '1' : '0') },
    },
  ];
  if (on) {
    if (ctx.state.paired.length > 0) {
      body.push({ kind: 'text', text: ctx.t('Paired devices', '已配对的设备'), size: 14, bold: true, color: '#3A5BA9' });
      for (const d of ctx.state.paired) {
        body.push({
          kind: 'row',
          icon: '✱',
          title: d,
          summary: ctx.t('Connected', '已连接'),
          trailing: {
            kind: 'icon',
            glyph: '✕',
            desc: ctx.t(`Forget ${d}`, `取消保存${d}`),
            onTap: () => (ctx.state.paired = ctx.state.paired.filter((p) => p !== d)),
          },
        });
      }
    }
    body.push({ kind: 'text', text: ctx.t('Available devices', '可用设备'), size: 14, bold: true, color: '#3A5BA9' });
    for (const d of DEVICES) {
      const name = ctx.t(d.en, d.zh);
      if (ctx.state.paired.includes(name)) continue;
      body.push({
        kind: 'row',
        icon: '✱',
        iconColor: '#9AA0A6',
        title: name,
        summary: ctx.t('Tap to pair', '点按即可配对'),
        onTap: () => {
          ctx.state.paired.push(name);
          ctx.toast(ctx.t(`Paired with ${name}`, `已与${name}配对`));
        },
      });
    }
  } else {
    body.push({ kind: 'text', text: ctx.t('Bluetooth is off', '蓝牙已关闭'), color: '#44474F', size: 15 });
  }
  return { title: ctx.t('Connected devices', '已连接的设备'), up: true, body };
}
