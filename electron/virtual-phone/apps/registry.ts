import type { AppDefinition } from './types.js';
import { launcher, launcherApps } from './launcher/launcher.js';

export const APPS: AppDefinition<unknown>[] = [launcher] as AppDefinition<unknown>[];
launcherApps.list = APPS;
