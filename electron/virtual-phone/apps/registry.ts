import type { AppDefinition } from './types.js';
import { launcher } from './launcher/launcher.js';
import { settingsApp } from './settings/settings.js';
import { phoneApp } from './phone/phone.js';
import { messagesApp } from './messages/messages.js';
import { clockApp } from './clock/clock.js';

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
] as AppDefinition<unknown>[];

