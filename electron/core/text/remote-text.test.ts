import { describe, expect, it } from 'vitest';
import { terminalSafe } from '../../../shared/terminal-text.js';
import { jsonDeeperThan, quoteRemote } from './remote-text.js';

describe('text from elsewhere in our messages', () => {
  it('quotes a remote value on one bounded line', () => {
    expect(quoteRemote('a\nb\u001b[2J')).toBe('"a\\nb\\u001b[2J"');
    expect(quoteRemote('x'.repeat(500), 10)).toBe(`"${'x'.repeat(10)}…"`);
    expect(quoteRemote(null)).toBe('null');
    expect(quoteRemote({ deep: {} })).toBe('(an object)');
  });

  it('spells out terminal controls but keeps tabs, newlines and CRLF', () => {
    expect(terminalSafe('a\tb\nc\r\nd')).toBe('a\tb\nc\r\nd');
    expect(terminalSafe('\u001b]0;t\u0007\u009b2J\rX')).toBe('\\x1b]0;t\\x07\\x9b2J\\x0dX');
  });

  it('finds a document nested too deep without parsing it, ignoring brackets in strings', () => {
    expect(jsonDeeperThan(`${'['.repeat(200_000)}${']'.repeat(200_000)}`, 32)).toBe(true);
    expect(jsonDeeperThan('{"a":"[[[[[[[[[[","b":[1,[2]]}', 3)).toBe(false);
    expect(jsonDeeperThan('{"a":"\\"[[[[","b":[[[[1]]]]}', 4)).toBe(true);
  });
});
