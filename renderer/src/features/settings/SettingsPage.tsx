import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Settings } from '../../../../shared/schemas/settings.js';
import { useAppStore } from '../../store/app-store.js';
import { WorkspacePicker } from '../workspace/WorkspacePicker.js';

const SCALES = [1, 1.25, 1.5, 1.75, 2];

export function SettingsPage() {
  const { settings, update, system } = useAppStore(
    useShallow((s) => ({ settings: s.settings, update: s.updateSettings, system: s.system })),
  );
  const [adb, setAdb] = useState<string | null>(null);
  if (!settings) return null;
  const set = <K extends keyof Settings>(k: K, v: Settings[K]): void => void update({ [k]: v });

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Settings</h1>
      <div className="settings-grid">
        <section aria-labelledby="display-title" className="card">
          <h2 id="display-title">Display</h2>
          <label htmlFor="ui-scale">Text size</label>
          <select
            id="ui-scale"
            data-testid="setting-ui-scale"
            value={settings.uiScale}
            onChange={(e) => set('uiScale', Number(e.target.value))}
          >
            {SCALES.map((s) => (
              <option key={s} value={s}>
                {Math.round(s * 100)}%
              </option>
            ))}
          </select>
          <fieldset>
            <legend>Colours</legend>
            {(['light', 'dark', 'high-contrast'] as const).map((t) => (
              <label key={t} className="radio">
                <input type="radio" name="theme" checked={settings.theme === t} onChange={() => set('theme', t)} />
                {t === 'high-contrast' ? 'High contrast' : t[0]!.toUpperCase() + t.slice(1)}
              </label>
            ))}
          </fieldset>
          <label htmlFor="task-lang">Show task text in</label>
          <select
            id="task-lang"
            value={settings.taskLanguage}
            onChange={(e) => set('taskLanguage', e.target.value as 'zh' | 'en')}
            data-testid="setting-task-language"
          >
            <option value="zh">The original language (Chinese)</option>
            <option value="en">English (the translation, where a task has one)</option>
          </select>
          <p className="muted">On every screen; the other language shows when you hover over a task&apos;s text.</p>
        </section>
        <div className="settings-side">
          <WorkspacePicker />
          <section aria-labelledby="device-title" className="card">
            <h2 id="device-title">Devices</h2>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (adb !== null) void update({ adbServer: adb }).then(() => setAdb(null));
              }}
            >
              <label htmlFor="adb-server">ADB servers (host:port, several comma-separated; also on the Devices screen)</label>
              <div className="row">
                <input id="adb-server" value={adb ?? settings.adbServer} onChange={(e) => setAdb(e.target.value)} />
                <button type="submit" disabled={adb === null}>
                  Save
                </button>
              </div>
            </form>
          </section>
        </div>
      </div>
      <p className="muted">
        ElderBench {system?.appVersion} · {system?.transport === 'electron' ? 'desktop window' : 'web mode'} · Node {system?.node}
      </p>
    </section>
  );
}
