import { describe, expect, it } from 'vitest';
import { inputTextArg, inputTextProblem, isInputTextSafe, shQuote, utf8Base64 } from './shell-quote.js';

describe('device shell quoting', () => {
  it('keeps metacharacters literal inside one word', () => {
    expect(shQuote('a;touch /sdcard/x')).toBe("'a;touch /sdcard/x'");
    expect(shQuote("it's")).toBe("'it'\\''s'");
    expect(shQuote('$(rm -rf /) `x` && y | z')).toBe("'$(rm -rf /) `x` && y | z'");
  });

  it('spells spaces as %s for input text', () => {
    expect(inputTextArg('hello world')).toBe("'hello%sworld'");
  });

  it('sends non-ASCII and literal %s through the IME instead', () => {
    expect(isInputTextSafe('hello')).toBe(true);
    expect(isInputTextSafe('声音')).toBe(false);
    expect(isInputTextSafe('100%sure')).toBe(false);
    expect(isInputTextSafe('tab\t')).toBe(false);
  });

  it('says which character `input text` refuses, and why', () => {
    expect(inputTextProblem('plain ASCII, even $;|&')).toBeNull();
    expect(inputTextProblem('a\nb')).toMatch(/line break.*Enter/);
    expect(inputTextProblem('a\rb')).toMatch(/line break/);
    expect(inputTextProblem('100%sure')).toMatch(/"%s".*space/);
    expect(inputTextProblem('tab\t')).toMatch(/U\+0009/);
    expect(inputTextProblem('café')).toMatch(/outside printable ASCII \("é" \(U\+00E9\)\)/);
    for (const t of ['a\nb', '100%sure', 'tab\t']) expect(inputTextProblem(t)).not.toMatch(/ASCII/);
    for (const t of ['a\nb', '100%sure', 'tab\t', '声音']) expect(inputTextProblem(t)).toContain('ADBKeyboard');
  });

  it('base64-encodes UTF-8', () => {
    expect(utf8Base64('声音')).toBe(Buffer.from('声音', 'utf8').toString('base64'));
  });
});
