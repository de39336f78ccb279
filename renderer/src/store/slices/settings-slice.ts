import type { Settings, SettingsPatch } from '../../../../shared/schemas/settings.js';
import type { Slice } from './types.js';
import { errorMessage } from './types.js';

/** The user's settings (text size, colours, adb server); pushed back by the backend when they change. */
export interface SettingsSlice {
  settings: Settings | null;
  updateSettings(patch: SettingsPatch): Promise<void>;
}

export const createSettingsSlice: Slice<SettingsSlice> = (set, get, api) => ({
  settings: null,
  async updateSettings(patch) {
    try {
      const settings = await api.settings.update(patch);
      set({ settings });
      get().notify('Settings saved');
    } catch (e) {
      get().notify(`Could not save: ${errorMessage(e)}`, 'error');
    }
  },
});
