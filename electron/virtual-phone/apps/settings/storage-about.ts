import type { ScreenView, Widget } from '../../ui/widgets.js';
import type { SettingsCtx } from './settings.js';

/** Storage (read-only; its app list reorders when scrolled, like a live "recently used" list) and About. */
const CATEGORIES = [
  { en: 'Apps', zh: '应用', gb: 14.2 },
  { en: 'Images', zh: '图片', gb: 9.8 },
  { en: 'Videos', zh: '视频', gb: 6.1 },
  { en: 'Audio', zh: '音频', gb: 1.3 },
  { en: 'Documents & other', zh: '文档及其他', gb: 0.9 },
  { en: 'System', zh: '系统', gb: 16.4 },
];
const APPS = ['Phone', 'Messages', 'Clock', 'Settings', 'Gallery', 'Browser', 'Music', 'Maps', 'Weather', 'Wallet', 'Chat', 'News'];

export function storageScreen(ctx: SettingsCtx): ScreenView {
  const used = CATEGORIES.reduce((a, c) => a + c.gb, 0);
  const order = APPS.map((a) => ({ a, k: ctx.sys.rand(`storage:${a}:${ctx.scrollEpoch}`) })).sort((x, y) => x.k - y.k);
  const body: Widget[] = [
    { kind: 'bigtext', text: `${used.toFixed(1)} GB`, sub: ctx.t('used of 128 GB', '已用，共 128 GB'), size: 44, id: 'storage_summary' },
    ...CATEGORIES.map((c): Widget => ({ kind: 'row', title: ctx.t(c.en, c.zh), trailing: { kind: 'text', text: `${c.gb} GB` } })),
    { kind: 'text', text: ctx.t('Recently used apps', '最近使用的应用'), size: 14, bold: true, color: '#3A5BA9' },
    ...order.map(({ a }): Widget => ({
      kind: 'row',
      title: a,
      summary: ctx.t(`${(ctx.sys.rand(`size:${a}`) * 900 + 40).toFixed(0)} MB`, `${(ctx.sys.rand(`size:${a}`) * 900 + 40).toFixed(0)} MB`),
    })),
  ];
  return { title: ctx.t('Storage', '存储'), up: true, body };
}

export function aboutScreen(ctx: SettingsCtx): ScreenView {
  const s = ctx.sys.settings;
  const editing = ctx.local['rename'] as string | undefined;
  const close = () => delete ctx.local['rename'];
  return {
    title: ctx.t('About phone', '关于手机'),
    up: true,
    body: [
      {
        kind: 'row',
        title: ctx.t('Device name', '设备名称'),
        summary: s.get('global', 'device_name') ?? '',
        onTap: () => (ctx.local['rename'] = s.get('global', 'device_name') ?? ''),
      },
      { kind: 'row', title: ctx.t('Model', '型号'), summary: 'vPhone 6' },
      { kind: 'row', title: ctx.t('Android version', 'Android 版本'), summary: '14' },
      { kind: 'row', title: ctx.t('Build number', '版本号'), summary: 'UQ1A.240105.004' },
      { kind: 'row', title: ctx.t('Battery level', '电池电量'), summary: `${ctx.sys.battery()}%` },
    ],
    dialog:
      editing !== undefined
        ? {
            title: ctx.t('Device name', '设备名称'),
            body: [
              {
                kind: 'input',
                id: 'device_name',
                hint: ctx.t('Device name', '设备名称'),
                value: editing,
                onChange: (v) => (ctx.local['rename'] = v),
              },
            ],
            positive: {
              text: ctx.t('Rename', '重命名'),
              onTap: () => {
                if (editing.trim()) s.put('global', 'device_name', editing.trim());
                close();
              },
            },
            negative: { text: ctx.t('Cancel', '取消'), onTap: close },
          }
        : undefined,
  };
}
