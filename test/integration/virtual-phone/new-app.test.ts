import { describe, it, expect } from 'vitest';
import { startServer, kitShell } from './helpers.js';
import { notesApp } from './notes-app.fixture.js';

// The "add an app" recipe from docs/virtual-phone.md, driven end to end over adbkit.
describe('adding an app is data plus small handlers', () => {
  it('installs, launches, edits and reports state for the documented Notes app', async () => {
    const server = await startServer({ extraApps: [notesApp], frozenClockMs: 1_700_000_000_000 });
    try {
      const sh = (c: string) => kitShell(server.port, 'vphone-1', c);
      expect(await sh('pm list packages com.example')).toBe('package:com.example.notes\n');
      expect(await sh('uiautomator dump /dev/tty')).toContain('content-desc="Notes"');
      await sh('am start -n com.example.notes/.MainActivity');
      expect((await sh('cmd vphone screen')).trim()).toBe('notes.list');
      const xml = await sh('uiautomator dump /dev/tty');
      const fab = /content-desc="New note"[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(xml)!;
      await sh(`input tap ${(Number(fab[1]) + Number(fab[3])) >> 1} ${(Number(fab[2]) + Number(fab[4])) >> 1}`);
      const edit = await sh('uiautomator dump /dev/tty');
      const field = /resource-id="com.example.notes:id\/note_text"[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(edit)!;
      await sh(`input tap ${(Number(field[1]) + Number(field[3])) >> 1} ${(Number(field[2]) + Number(field[4])) >> 1}`);
      await sh("input text 'buy%smilk'");
      const save = /resource-id="com.example.notes:id\/save"[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(
        await sh('uiautomator dump /dev/tty'),
      )!;
      await sh(`input tap ${(Number(save[1]) + Number(save[3])) >> 1} ${(Number(save[2]) + Number(save[4])) >> 1}`);
      expect(JSON.parse(await sh('cmd vphone state com.example.notes'))).toEqual({ notes: ['buy milk'] });
      expect(await sh('uiautomator dump /dev/tty')).toContain('text="buy milk"');
    } finally {
      await server.close();
    }
  });
});
