import { defineApp } from '../types.js';
import type { AppContext, AppDefinition } from '../types.js';
import type { Widget } from '../../ui/widgets.js';
import { formatClock, formatDate } from '../../device/clock.js';
import { pick } from '../../device/random.js';
import { HEADLINES, ADS, WEATHER } from './content.js';

/**
 * Home screen and Recents. Its dynamic parts (time, weather, rotating headline and ad, badges) are
 * what a state matcher must learn to ignore; they change per minute of phone time and per seed.
 */
export interface LauncherState {
  /** Order of icons on the home grid (packages). Empty = registry order. */
  layout: string[];
}

type Ctx = AppContext<LauncherState>;

function homeWidgets(ctx: Ctx): Widget[] {
  const now = ctx.sys.now();
  const minute = Math.floor(now / 60_000);
  const hour = Math.floor(now / 3_600_000);
  const w = pick(WEATHER, ctx.sys.rand(`weather:${Math.floor(hour / 3)}`));
  const temp = 12 + Math.floor(ctx.sys.rand('temp-base') * 14) + Math.round(4 * Math.sin(((hour % 24) / 24) * 2 * Math.PI));
  const headline = pick(HEADLINES, ctx.sys.rand(`headline:${minute}`));
  const ad = pick(ADS, ctx.sys.rand(`ad:${Math.floor(minute / 2)}`));
  const apps = ctx.sys.installedApps().filter((a) => a.showInLauncher !== false);
  const order = ctx.state.layout.length > 0 ? ctx.state.layout : apps.map((a) => a.package);
  const ordered = order.map((p) => apps.find((a) => a.package === p)).filter((a): a is AppDefinition<unknown> => !!a);
  return [
    { kind: 'spacer', height: 24 },
    {
      kind: 'bigtext',
      text: formatClock(now, ctx.sys.timeZone),
      id: 'clock',
      sub: formatDate(now, ctx.sys.timeZone, ctx.locale),
      size: 72,
    },
    {
      kind: 'card',
      id: 'weather_widget',
      desc: ctx.t('Weather', '天气'),
      color: '#D7E3FF',
      children: [{ kind: 'text', text: `${w.glyph} ${temp}°C  ${ctx.t(w.en, w.zh)}`, id: 'weather_temp', size: 20, color: '#1A1B20' }],
    },
    {
      kind: 'card',
      id: 'news_widget',
      color: '#FFFFFF',
      desc: ctx.t('Top stories', '头条新闻'),
      children: [
        { kind: 'text', text: ctx.t('Top stories', '头条新闻'), size: 13, color: '#44474F' },
        { kind: 'text', text: ctx.t(headline.en, headline.zh), id: 'headline', size: 17, maxLines: 2, color: '#1A1B20' },
        { kind: 'text', text: `${ctx.t('Ad', '广告')} · ${ctx.t(ad.en, ad.zh)}`, id: 'ad_banner', size: 13, color: '#6B4E00' },
      ],
    },
    { kind: 'spacer', height: 40 },
    {
      kind: 'grid',
      id: 'workspace',
      columns: 4,
      cellHeight: 110,
      cells: ordered.map((a) => {
        const badge = a.badge?.(ctx.sys.appState(a.package), ctx.sys) ?? 0;
        const label = ctx.locale === 'zh' ? a.label.zh : a.label.en;
        return {
          kind: 'appicon' as const,
          label,
          glyph: a.icon.glyph,
          color: a.icon.color,
          badge,
          desc: badge > 0 ? ctx.t(`${label}, ${badge} notification${badge === 1 ? '' : 's'}`, `${label}，${badge} 条通知`) : label,
          onTap: () => ctx.openApp(a.package),
          // Long press opens the icon's menu, like Launcher3's shortcut popup.
          onLongPress: () => (ctx.local['menu'] = a.package),
        };
      }),
    },
  ];
}

export const launcher = defineApp<LauncherState>({
  package: 'com.android.launcher3',
  label: { en: 'Launcher', zh: '启动器' },
  icon: { glyph: '⌂', color: '#5F6368' },
  versionName: '14',
  versionCode: 34,
  showInLauncher: false,
  home: 'launcher.home',
  initialState: () => ({ layout: [] }),
  screens: {
    'launcher.home': {
      id: 'launcher.home',
      activity: 'com.android.launcher3.uioverride.QuickstepLauncher',
      render: (ctx) => {
        const menuFor = ctx.sys.installedApps().find((a) => a.package === ctx.local['menu']);
        const close = () => delete ctx.local['menu'];
        return {
          body: homeWidgets(ctx),
          background: '#A8C7FA',
          container: 'scroll',
          dialog: menuFor
            ? {
                title: ctx.locale === 'zh' ? menuFor.label.zh : menuFor.label.en,
                message: `${menuFor.package} · ${ctx.t('version', '版本')} ${menuFor.versionName}`,
                items: [
                  {
                    label: ctx.t('Open', '打开'),
                    onTap: () => {
                      close();
                      ctx.openApp(menuFor.package);
                    },
                  },
                  {
                    label: ctx.t('App info', '应用信息'),
                    onTap: () => {
                      close();
                      ctx.openApp('com.android.settings', 'settings.storage');
                    },
                  },
                ],
                negative: { text: ctx.t('Close', '关闭'), onTap: close },
              }
            : undefined,
        };
      },
    },
    'launcher.recents': {
      id: 'launcher.recents',
      activity: 'com.android.launcher3.uioverride.QuickstepLauncher',
      render: (ctx) => {
        const recents = ctx.sys.recents();
        const body: Widget[] =
          recents.length === 0
            ? [
                { kind: 'spacer', height: 300 },
                {
                  kind: 'text',
                  text: ctx.t('No recent items', '近期没有任何内容'),
                  align: 'center',
                  id: 'empty_message',
                  color: '#E2E2E9',
                },
              ]
            : recents.map((pkg) => {
                const app = ctx.sys.installedApps().find((a) => a.package === pkg)!;
                const label = ctx.locale === 'zh' ? app.label.zh : app.label.en;
                return {
                  kind: 'card' as const,
                  id: 'snapshot',
                  desc: label,
                  onTap: () => ctx.openApp(pkg),
                  children: [
                    { kind: 'row' as const, title: label, icon: app.icon.glyph, iconColor: app.icon.color },
                    { kind: 'image' as const, desc: '', height: 160, color: '#E1E2EC' },
                  ],
                };
              });
        return {
          body,
          footer:
            recents.length > 0
              ? [
                  {
                    kind: 'button',
                    text: ctx.t('Clear all', '全部清除'),
                    id: 'clear_all',
                    style: 'tonal',
                    onTap: () => ctx.sys.clearRecents(),
                  },
                ]
              : [],
          background: '#3C3F44',
        };
      },
    },
  },
});
