import { describe, expect, it } from 'vitest';
import { commandFor, isTypingTarget, SHORTCUTS } from './shortcuts.js';

const key = (k: string, mods: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {}) => ({
  key: k,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});
const recording = { recording: true, typing: false };
const idle = { recording: false, typing: false };

describe('recording shortcuts', () => {
  it('maps one key to every recording control', () => {
    expect(commandFor(key('b'), recording)).toBe('back');
    expect(commandFor(key('B', { shiftKey: true }), recording)).toBe('back');
    expect(commandFor(key('h'), recording)).toBe('home');
    expect(commandFor(key('e'), recording)).toBe('enter');
    expect(commandFor(key('t'), recording)).toBe('focusType');
    expect(commandFor(key('u'), recording)).toBe('undo');
    expect(commandFor(key('z', { ctrlKey: true }), recording)).toBe('undo');
    expect(commandFor(key('f'), recording)).toBe('finish');
    expect(commandFor(key('d'), recording)).toBe('discard');
    expect(commandFor(key('ArrowUp'), recording)).toBe('swipeUp');
    expect(commandFor(key('ArrowRight'), recording)).toBe('swipeRight');
  });

  it('is off while typing in a field, except Esc to leave it', () => {
    const typing = { recording: true, typing: true };
    expect(commandFor(key('b'), typing)).toBeNull();
    expect(commandFor(key('ArrowUp'), typing)).toBeNull();
    expect(commandFor(key('Escape'), typing)).toBe('cancel');
  });

  it('leaves Alt, Meta and other Ctrl combinations to the browser and the app', () => {
    expect(commandFor(key('1', { altKey: true }), recording)).toBeNull();
    expect(commandFor(key('b', { altKey: true }), recording)).toBeNull();
    expect(commandFor(key('f', { ctrlKey: true }), recording)).toBeNull();
    expect(commandFor(key('b', { metaKey: true }), recording)).toBeNull();
  });

  it('offers start / next / again only between demonstrations, and phone keys only while recording', () => {
    expect(commandFor(key('n'), idle)).toBe('next');
    expect(commandFor(key('s'), idle)).toBe('start');
    expect(commandFor(key('r'), idle)).toBe('again');
    expect(commandFor(key('n'), recording)).toBeNull();
    expect(commandFor(key('b'), idle)).toBeNull();
    expect(commandFor(key('?'), idle)).toBe('help');
    expect(commandFor(key('x'), recording)).toBeNull();
  });

  it('gives every key to one command only', () => {
    const keys = SHORTCUTS.flatMap((s) => s.keys);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('knows which focused elements own their keys', () => {
    const input = document.createElement('input');
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    expect(isTypingTarget(input)).toBe(true);
    expect(isTypingTarget(document.createElement('select'))).toBe(true);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(checkbox)).toBe(false);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
