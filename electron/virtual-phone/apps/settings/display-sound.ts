import type { ScreenView } from '../../ui/widgets.js';
import type { SettingsCtx } from './settings.js';

/** Display, Sound and Accessibility pages: every control writes a settings-provider key. */
export const FONT_SCALES: Array<{ value: string; en: string; zh: string }> = [
  { value: '0.85', en: 'Small', zh: '小' },
  { value: '1.0', en: 'Default', zh: '默认' },
  { value: '1.15', en: 'Large', zh: '大' },
  { value: '1.3', en: 'Largest', zh: '超大' },
];

const TIMEOUTS = [15000, 30000, 60000, 120000, 300000, 600000];

export const RINGTONES: Array<{ en: string; zh: string; id: number }> = [
  { en: 'Crystal', zh: '清脆', id: 31 },
  { en: 'Morning Bell', zh: '晨钟', id: 32 },
  { en: 'Old Phone', zh: '老式电话', id: 33 },
  { en: 'Birdsong', zh: '鸟鸣', id: 34 },
  { en: 'Piano', zh: '钢琴', id: 35 },
  { en: 'Silent', zh: '无', id: 0 },
];

function timeoutLabel(ctx: SettingsCtx, ms: number): string {
  return ms < 60000
    ? ctx.t(`${ms / 1000} seconds`, `${ms / 1000} 秒`)
    : ctx.t(`${ms / 60000} minute${ms === 60000 ? '' : 's'}`, `${ms / 60000} 分钟`);
}

export function displayScreen(ctx: SettingsCtx): ScreenView {
  const s = ctx.sys.settings;
  const scale = s.get('system', 'font_scale') ?? '1.0';
  const fontLabel = FONT_SCALES.find((f) => Number(f.value) === Number(scale)) ?? { en: scale, zh: scale };
  const brightness = s.num('system', 'screen_brightness', 128);
  const timeout = s.num('system', 'screen_off_timeout', 60000);
  const dialog = ctx.local['dialog'];
  const close = () => delete ctx.local['dialog'];
  return {
    title: ctx.t('Display', '显示'),
    up: true,
    body: [
      {
        kind: 'slider',
        title: ctx.t('Brightness level', '亮度'),
        id: 'brightness_seekbar',
        value: brightness,
        min: 0,
        max: 255,
        summary: `${Math.round((brightness / 255) * 100)}%`,
        onChange: (v) => s.put('system', 'screen_brightness', String(v)),
      },
      {
        kind: 'row',
        title: ctx.t('Dark theme', '深色主题'),
        summary: ctx.t('Use a dark background', '使用深色背景'),
        trailing: {
          kind: 'switch',
          checked: s.get('secure', 'ui_night_mode') === '2',
          onToggle: (on) => s.put('secure', 'ui_night_mode', on ? '2' : '1'),
        },
      },
      {
        kind: 'row',
        title: ctx.t('Font size', '字体大小'),
        summary: ctx.t(fontLabel.en, fontLabel.zh),
        onTap: () => (ctx.local['dialog'] = 'font'),
      },
      {
        kind: 'row',
        title: ctx.t('Screen timeout', '屏幕超时'),
        summary: ctx.t(`After ${timeoutLabel(ctx, timeout)} of inactivity`, `无操作 ${timeoutLabel(ctx, timeout)} 后`),
        onTap: () => (ctx.local['dialog'] = 'timeout'),
      },
    ],
    dialog:
      dialog === 'font'
        ? {
            title: ctx.t('Font size', '字体大小'),
            items: FONT_SCALES.map((f) => ({
              label: ctx.t(f.en, f.zh),
              checked: Number(f.value) === Number(scale),
              onTap: () => {
                s.put('system', 'font_scale', f.value);
                close();
              },
            })),
            negative: { text: ctx.t('Cancel', '取消'), onTap: close },
          }
        : dialog === 'timeout'
          ? {
              title: ctx.t('Screen timeout', '屏幕超时'),
              items: TIMEOUTS.map((ms) => ({
                label: timeoutLabel(ctx, ms),
                checked: ms === timeout,
                onTap: () => {
                  s.put('system', 'screen_off_timeout', String(ms));
                  close();
                },
              })),
              negative: { text: ctx.t('Cancel', '取消'), onTap: close },
            }
          : undefined,
  };
}

export function soundScreen(ctx: SettingsCtx): ScreenView {
  const s = ctx.sys.settings;
  const media = s.num('system', 'volume_music', 8);
  const ring = s.num('system', 'volume_ring', 5);
  const current = s.get('system', 'ringtone_title') ?? '';
  const pending = ctx.local['ringtone'] as string | undefined;
  const close = () => {
    delete ctx.local['dialog'];
    delete ctx.local['ringtone'];
  };
  return {
    title: ctx.t('Sound & vibration', '声音和振动'),
    up: true,
    body: [
      {
        kind: 'slider',
        title: ctx.t('Media volume', '媒体音量'),
        id: 'media_volume_seekbar',
        value: media,
        min: 0,
        max: 15,
        summary: `${media}/15`,
        onChange: (v) => s.put('system', 'volume_music', String(v)),
      },
      {
        kind: 'slider',
        title: ctx.t('Ring volume', '铃声音量'),
        id: 'ring_volume_seekbar',
        value: ring,
        min: 0,
        max: 7,
        summary: `${ring}/7`,
        onChange: (v) => s.put('system', 'volume_ring', String(v)),
      },
      { kind: 'row', title: ctx.t('Phone ringtone', '手机铃声'), summary: current, onTap: () => (ctx.local['dialog'] = 'ringtone') },
      {
        kind: 'row',
        title: ctx.t('Vibrate for calls', '来电振动'),
        trailing: {
          kind: 'switch',
          checked: s.get('system', 'vibrate_when_ringing') === '1',
          onToggle: (on) => s.put('system', 'vibrate_when_ringing', on ? '1' : '0'),
        },
      },
    ],
    dialog:
      ctx.local['dialog'] === 'ringtone'
        ? {
            title: ctx.t('Phone ringtone', '手机铃声'),
            items: RINGTONES.map((r) => {
              const label = ctx.t(r.en, r.zh);
              return { label, checked: (pending ?? current) === label, onTap: () => (ctx.local['ringtone'] = label) };
            }),
            positive: {
              text: ctx.t('OK', '确定'),
              onTap: () => {
                const pick = RINGTONES.find((r) => ctx.t(r.en, r.zh) === (pending ?? current));
                if (pick) {
                  s.put('system', 'ringtone_title', ctx.t(pick.en, pick.zh));
                  s.put(
                    'system',
                    'ringtone',
                    pick.id === 0 ? '' : `content://media/internal/audio/media/${pick.id}?title=${encodeURIComponent(pick.en)}`,
                  );
                }
                close();
              },
            },
            negative: { text: ctx.t('Cancel', '取消'), onTap: close },
          }
        : undefined,
  };
}

export function accessibilityScreen(ctx: SettingsCtx): ScreenView {
  const s = ctx.sys.settings;
  const sw = (key: string) => ({
    kind: 'switch' as const,
    checked: s.get('secure', key) === '1',
    onToggle: (on: boolean) => s.put('secure', key, on ? '1' : '0'),
  });
  return {
    title: ctx.t('Accessibility', '无障碍'),
    up: true,
    body: [
      { kind: 'text', text: ctx.t('Display', '显示'), size: 14, color: '#3A5BA9', bold: true },
      {
        kind: 'row',
        title: ctx.t('Display size and text', '显示大小和文字'),
        summary: ctx.t('Font size, bold text', '字体大小、粗体'),
        onTap: () => ctx.go('settings.display'),
      },
      { kind: 'row', title: ctx.t('High contrast text', '高对比度文字'), trailing: sw('high_text_contrast_enabled') },
      {
        kind: 'row',
        title: ctx.t('Magnification', '放大功能'),
        summary: ctx.t('Zoom in on the screen', '放大屏幕内容'),
        trailing: sw('accessibility_display_magnification_enabled'),
      },
      { kind: 'text', text: ctx.t('Audio', '音频'), size: 14, color: '#3A5BA9', bold: true },
      {
        kind: 'row',
        title: ctx.t('Caption preferences', '字幕偏好设置'),
        summary: ctx.t('Show captions', '显示字幕'),
        trailing: sw('accessibility_captioning_enabled'),
      },
    ],
  };
}
