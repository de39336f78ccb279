import { describe, expect, it } from 'vitest';
import { AppNames } from './app-names.js';

describe('the names an app goes by, for an agent’s LaunchApp', () => {
  const names = new AppNames([
    { app: 'Weather', package: 'com.vphone.weather', app_names: ['天气'] },
    { app: 'App Store', package: 'com.vphone.appstore', app_names: ['应用商店'] },
    { app: 'Weather', package: 'com.vphone.weather' },
  ]);

  it('a package passes through; a system app by its usual names; the task set’s apps by theirs', () => {
    expect(names.packageOf('com.example.notes')).toBe('com.example.notes');
    expect(names.packageOf('设置')).toBe('com.android.settings');
    expect(names.packageOf(' Messages ')).toBe('com.android.messaging');
    expect(names.packageOf('天气')).toBe('com.vphone.weather');
    expect(names.packageOf('weather')).toBe('com.vphone.weather');
    expect(names.packageOf('appstore')).toBe('com.vphone.appstore');
    expect(names.packageOf('App  Store')).toBe('com.vphone.appstore');
  });

  it('a name nobody gave, or one two packages share: unknown', () => {
    expect(names.packageOf('微信')).toBeNull();
    expect(names.packageOf('')).toBeNull();
    const torn = new AppNames([
      { app: 'Maps', package: 'com.a.maps', app_names: ['地图'] },
      { app: 'Maps', package: 'com.b.maps' },
    ]);
    expect(torn.packageOf('Maps')).toBeNull();
    expect(torn.packageOf('地图')).toBe('com.a.maps');
  });
});
