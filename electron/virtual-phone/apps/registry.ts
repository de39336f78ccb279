import type { AppDefinition } from './types.js';
import { launcher } from './launcher/launcher.js';
import { settingsApp } from './settings/settings.js';
import { phoneApp } from './phone/phone.js';
import { messagesApp } from './messages/messages.js';
import { clockApp } from './clock/clock.js';
import { weatherApp } from './weather/weather.js';
import { galleryApp } from './gallery/gallery.js';
import { browserApp } from './browser/browser.js';
import { musicApp } from './music/music.js';
import { newsApp } from './news/news.js';
import { appStoreApp } from './appstore/appstore.js';
import { chatApp } from './chat/chat.js';
import { walletApp } from './wallet/wallet.js';
import { mapsApp } from './maps/maps.js';
import { shopApp } from './shop/shop.js';
import { travelApp } from './travel/travel.js';

/**
 * Every app installed on the virtual phone, in home-screen order. To add an app: create
 * apps/<name>/<name>.ts exporting a `defineApp({...})` and append it here.
 */
export const APPS: AppDefinition<unknown>[] = [
  launcher,
  phoneApp,
  messagesApp,
  clockApp,
  settingsApp,
  chatApp,
  walletApp,
  mapsApp,
  shopApp,
  travelApp,
  weatherApp,
  galleryApp,
  browserApp,
  musicApp,
  newsApp,
  appStoreApp,
] as AppDefinition<unknown>[];
