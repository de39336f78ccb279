import { describe, expect, it } from 'vitest';
import type { UiHierarchy } from '../../../shared/domain/ui-node.js';
import { flattenUi } from '../../../shared/domain/ui-tree.js';
import { b, button, field, id, page } from '../../../test/support/ui-builder.js';
import { typedThenEnter } from './typed-then-enter.js';

/**
 * The hand recorder records a query typed and sent by the keyboard's action key as one Type that submits; the graph
 * builder reads it as the text typed and then Enter (the CLI cases on store-hospital-app, whose first demonstration is
 * recorded so, are refused by their own graph without this).
 */
describe('a recorded Type that submits, as the text typed and then Enter', () => {
  const box = b(40, 150, 1040, 280);
  const screen = (query: string, focused: boolean): UiHierarchy =>
    page('应用商店', field(query, '搜索应用', box, { resourceId: id('search'), focused }), button('医疗健康', b(0, 300, 1080, 450)));
  const text = (ui: UiHierarchy): string => flattenUi(ui).find((n) => n.resourceId === id('search'))!.text;

  it('types into the focused field: its hint gives way to the text, what it held is kept, `clear` replaces it', () => {
    const split = typedThenEnter(screen('', true), { type: 'Type', text: '挂号', submit: true });
    expect(split?.typed).toEqual({ type: 'Type', text: '挂号' });
    expect(text(split!.after)).toBe('挂号');
    expect(text(typedThenEnter(screen('医院', true), { type: 'Type', text: '挂号', submit: true })!.after)).toBe('医院挂号');
    expect(text(typedThenEnter(screen('医院', true), { type: 'Type', text: '挂号', submit: true, clear: true })!.after)).toBe('挂号');
  });

  it('leaves a Type that does not submit, another action, or a screen with no focused field as it is', () => {
    expect(typedThenEnter(screen('', true), { type: 'Type', text: '挂号' })).toBeNull();
    expect(typedThenEnter(screen('', true), { type: 'Enter' })).toBeNull();
    expect(typedThenEnter(screen('', false), { type: 'Type', text: '挂号', submit: true })).toBeNull();
  });
});
