import { defineApp } from '../types.js';
import type { AppContext } from '../types.js';
import type { Widget, ScreenView } from '../../ui/widgets.js';
import { displayScreen, soundScreen, accessibilityScreen } from './display-sound.js';
import { wifiScreen, bluetoothScreen } from './connections.js';
import { storageScreen, aboutScreen } from './storage-about.js';

/**
 * Settings. Values live in the `settings` provider tables (so `settings get` is ground truth);
 * the app state only keeps what has no provider key (joined Wi-Fi network, paired devices).
 */
export interface SettingsState {
  wifiConnected: string | null;
  wifiSaved: string[];
  paired: string[];
}

export type SettingsCtx = AppContext<SettingsState>;

export const SUB = 'com.android.settings.SubSettings';

function mainScreen(ctx: SettingsCtx): ScreenView {
  const s = ctx.sys.settings;
  const wifiOn = s.get('global', 'wifi_on') === '1';
  const rows: Widget[] = [
    {
      kind: 'row',
      icon: '◠',
      iconColor: '#1A73E8',
      title: ctx.t('Network & internet', '网络和互联网'),
      summary: wifiOn ? (ctx.state.wifiConnected ?? ctx.t('Wi-Fi', 'WLAN')) : ctx.t('Wi-Fi is off', 'WLAN 已关闭'),
      onTap: () => ctx.go('settings.wifi'),
    },
    {
      kind: 'row',
      icon: '✱',
      iconColor: '#1E8E3E',
      title: ctx.t('Connected devices', '已连接的设备'),
      summary: ctx.t('Bluetooth, pairing', '蓝牙、配对'),
      onTap: () => ctx.go('settings.bluetooth'),
    },
    {
      kind: 'row',
      icon: '☀',
      iconColor: '#E37400',
      title: ctx.t('Display', '显示'),
      summary: ctx.t('Dark theme, font size, brightness', '深色主题、字体大小、亮度'),
      onTap: () => ctx.go('settings.display'),
    },
    {
      kind: 'row',
      icon: '♪',
      iconColor: '#9334E6',
      title: ctx.t('Sound & vibration', '声音和振动'),
      summary: ctx.t('Volume, ringtone', '音量、铃声'),
      onTap: () => ctx.go('settings.sound'),
    },
    {
      kind: 'row',
      icon: '▤',
      iconColor: '#12B5CB',
      title: ctx.t('Storage', '存储'),
      summary: ctx.t('38% used', '已使用 38%'),
      onTap: () => ctx.go('settings.storage'),
    },
    {
      kind: 'row',
      icon: '♿',
      iconColor: '#5F6368',
      title: ctx.t('Accessibility', '无障碍'),
      summary: ctx.t('Display, interaction, audio', '显示、互动、音频'),
      onTap: () => ctx.go('settings.accessibility'),
    },
    {
      kind: 'row',
      icon: 'ⓘ',
      iconColor: '#5F6368',
      title: ctx.t('About phone', '关于手机'),
      summary: s.get('global', 'device_name') ?? '',
      onTap: () => ctx.go('settings.about'),
    },
  ];
  return { title: ctx.t('Settings', '设置'), body: rows };
}

export const settingsApp = defineApp<SettingsState>({
  package: 'com.android.settings',
  label: { en: 'Settings', zh: '设置' },
  icon: { glyph: '⚙', color: '#5F6368' },
  versionName: '14',
  versionCode: 34,
  home: 'settings.main',
  initialState: () => ({ wifiConnected: 'HomeNet', wifiSaved: ['HomeNet'], paired: [] }),
  activityAliases: {
    '.Settings$WifiSettingsActivity': 'settings.wifi',
    '.Settings$DisplaySettingsActivity': 'settings.display',
    '.Settings$SoundSettingsActivity': 'settings.sound',
    '.Settings$AccessibilitySettingsActivity': 'settings.accessibility',
    '.Settings$StorageDashboardActivity': 'settings.storage',
    '.Settings$BluetoothSettingsActivity': 'settings.bluetooth',
  },
  screens: {
    'settings.main': { id: 'settings.main', activity: 'com.android.settings.Settings', render: mainScreen },
    'settings.wifi': { id: 'settings.wifi', activity: SUB, render: wifiScreen },
    'settings.bluetooth': { id: 'settings.bluetooth', activity: SUB, render: bluetoothScreen },
    'settings.display': { id: 'settings.display', activity: SUB, render: displayScreen },
    'settings.sound': { id: 'settings.sound', activity: SUB, render: soundScreen },
    'settings.storage': { id: 'settings.storage', activity: SUB, render: storageScreen },
    'settings.accessibility': { id: 'settings.accessibility', activity: SUB, render: accessibilityScreen },
    'settings.about': { id: 'settings.about', activity: SUB, render: aboutScreen },
  },
  exportState: (state, sys) => {
    const s = sys.settings;
    return {
      font_scale: s.num('system', 'font_scale', 1),
      brightness: s.num('system', 'screen_brightness', 128),
      dark_mode: s.get('secure', 'ui_night_mode') === '2',
      screen_timeout_ms: s.num('system', 'screen_off_timeout', 60000),
      media_volume: s.num('system', 'volume_music', 8),
      ring_volume: s.num('system', 'volume_ring', 5),
      ringtone: s.get('system', 'ringtone_title') ?? '',
      vibrate_when_ringing: s.get('system', 'vibrate_when_ringing') === '1',
      wifi_on: s.get('global', 'wifi_on') === '1',
      wifi_connected: s.get('global', 'wifi_on') === '1' ? state.wifiConnected : null,
      wifi_saved: state.wifiSaved,
      bluetooth_on: s.get('global', 'bluetooth_on') === '1',
      paired_devices: state.paired,
      magnification: s.get('secure', 'accessibility_display_magnification_enabled') === '1',
      high_contrast_text: s.get('secure', 'high_text_contrast_enabled') === '1',
      captions: s.get('secure', 'accessibility_captioning_enabled') === '1',
      device_name: s.get('global', 'device_name') ?? '',
    };
  },
});
