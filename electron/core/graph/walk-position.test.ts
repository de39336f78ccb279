import { describe, expect, it } from 'vitest';
import { activityOfPage, appOfPage } from './walk-position.js';

describe('a page key read back', () => {
  it('gives the activity with or without a title, and without the number of a second page of its key', () => {
    expect(activityOfPage('com.vphone.weather/.Main|南京')).toBe('com.vphone.weather/.Main');
    expect(activityOfPage('com.vphone.weather/.Main|南京#2')).toBe('com.vphone.weather/.Main');
    expect(activityOfPage('com.vphone.gallery/.PhotoActivity')).toBe('com.vphone.gallery/.PhotoActivity');
    expect(activityOfPage('com.vphone.gallery/.PhotoActivity#2')).toBe('com.vphone.gallery/.PhotoActivity');
  });

  it('gives the app', () => {
    expect(appOfPage('com.vphone.gallery/.PhotoActivity#2')).toBe('com.vphone.gallery');
  });
});
