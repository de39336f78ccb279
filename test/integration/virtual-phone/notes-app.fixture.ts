// The docs/virtual-phone.md example app, verbatim except import paths: proves the recipe works.
import { defineApp } from '../../../electron/virtual-phone/apps/types.js';
import type { AppContext } from '../../../electron/virtual-phone/apps/types.js';
import type { Widget } from '../../../electron/virtual-phone/ui/widgets.js';

interface NotesState {
  notes: string[];
}
type Ctx = AppContext<NotesState>;

export const notesApp = defineApp<NotesState>({
  package: 'com.example.notes',
  label: { en: 'Notes', zh: '笔记' },
  icon: { glyph: '✎', color: '#F9AB00' },
  versionName: '1.0',
  versionCode: 1,
  home: 'notes.list',
  initialState: () => ({ notes: [] }), // JSON only: pm clear / cmd vphone reset
  badge: () => 0,
  screens: {
    'notes.list': {
      id: 'notes.list',
      activity: 'com.example.notes.MainActivity',
      render: (ctx: Ctx) => ({
        title: ctx.t('Notes', '笔记'),
        body: ctx.state.notes.map((n, i): Widget => ({ kind: 'row', title: n, onTap: () => ctx.go('notes.edit', { i: String(i) }) })),
        fab: { glyph: '+', desc: ctx.t('New note', '新建笔记'), onTap: () => ctx.go('notes.edit') },
      }),
    },
    'notes.edit': {
      id: 'notes.edit',
      activity: 'com.example.notes.EditActivity',
      render: (ctx: Ctx) => {
        const draft = (ctx.local['draft'] ??= { text: ctx.state.notes[Number(ctx.params['i'])] ?? '' }) as { text: string };
        return {
          title: ctx.t('Edit', '编辑'),
          up: true,
          container: 'scroll',
          body: [
            {
              kind: 'input',
              id: 'note_text',
              hint: ctx.t('Write something', '写点什么'),
              value: draft.text,
              onChange: (v) => (draft.text = v),
            },
            {
              kind: 'button',
              text: ctx.t('Save', '保存'),
              id: 'save',
              onTap: () => {
                ctx.state.notes.push(draft.text);
                ctx.toast(ctx.t('Saved', '已保存'));
                ctx.back();
              },
            },
          ],
        };
      },
    },
  },
});
