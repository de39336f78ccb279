import { describe, expect, it } from 'vitest';
import { oneOfSaid } from './negation-scope.js';

const termSaid = (text: string, term: string) => oneOfSaid(text, [term]);

describe('termSaid: a term said, or held and denied', () => {
  it.each([
    ['我到家了', '到家'],
    ['到家了，不用等我', '到家'],
    ['没事，我到家了', '到家'],
    ['没事我到家了', '到家'],
    ['别担心我到家了', '到家'],
    ['不用惦记药我吃过了', '药'],
    ['不好意思，我晚点到', '晚'],
    ['我晚点到，你们先吃，别等我', '晚'],
    ['我已经吃过药了，不用担心', '吃'],
    ['我没忘吃药', '吃'],
    ['我不是没吃药', '吃'],
    ['药已经吃过了', '药'],
    ['我到家不久', '到家'],
    ['我不到九点就到家了', '到家'],
    ['周日我回去吃饭', '回'],
    ['周日不见不散，我回去', '回'],
    ['周 日 我 回去', '周日'],
    ["I'm home, no worries", 'home'],
    ["I'll be late, don't wait", 'late'],
  ])('%s says %s', (text, term) => expect(termSaid(text, term)).toBe('said'));

  it.each([
    ['我还没到家', '到家'],
    ['我还没有到家', '到家'],
    ['我快到家了', '到家'],
    ['我马上就到家', '到家'],
    ['我忘了吃药', '吃'],
    ['我没按时吃药', '吃'],
    ['我不晚，准时到', '晚'],
    ['我不会晚到', '晚'],
    ['周日我不回去了', '回'],
    ['周日我可能回不去', '回'],
    ['周日回不回去？', '回'],
    ['我晚不了', '晚'],
    ['你到家没？', '到家'],
    ['药吃了没有', '吃'],
    ["I'm not home yet", 'home'],
    ["I haven't taken my medicine", 'medicine'],
    ["I'm almost home", 'home'],
  ])('%s denies %s', (text, term) => expect(termSaid(text, term)).toBe('denied'));

  it('a negation in another clause reaches nothing: 我不舒服，但到家了', () => {
    expect(termSaid('我不舒服，到家了', '到家')).toBe('said');
    expect(termSaid('我不舒服到家了', '到家')).toBe('denied');
  });

  it('one occurrence denied denies it (a message saying both is no answer); none at all is absent', () => {
    expect(termSaid('我还没吃药我已经吃过药了', '吃')).toBe('denied');
    expect(termSaid('我到家了，到家了', '到家')).toBe('said');
    expect(termSaid('我在路上', '到家')).toBe('absent');
  });

  it('alternatives side by side are one word: a negation reaching its start reaches all of it', () => {
    const coming = ['回', '来', '去', '到', '见'];
    expect(oneOfSaid('周日别等我回去了', coming)).toBe('denied');
    expect(oneOfSaid('周日我回去，不用来接我', coming)).toBe('said');
    expect(oneOfSaid('周日回不来了', coming)).toBe('denied');
    expect(oneOfSaid('周日见', coming)).toBe('said');
    expect(oneOfSaid('周日吧', coming)).toBe('absent');
  });
});

describe('a term inside a word of another sense is not there', () => {
  it.each([
    ['晚上好', '晚', 'absent'],
    ['今晚一起吃饭吧', '晚', 'absent'],
    ['晚饭我来做', '晚', 'absent'],
    ['我晚上晚点到', '晚', 'said'],
    ['今晚我晚点到', '晚', 'said'],
    ['我晚点到', '晚', 'said'],
    ['我会晚会儿到', '晚', 'said'],
    ['晚上不回来了', '晚', 'absent'],
    ['今晚不晚了', '晚', 'denied'],
    ['周日回复你', '回', 'absent'],
    ['收到，周日回来', '回', 'said'],
    ['周日我过去', '去', 'said'],
  ])('%s, %s: %s', (text, term, want) => {
    expect(termSaid(text, term)).toBe(want);
  });

  it("a check's alternatives: 周日回复你 holds none of 回 来 去 到 见 as itself; 周日收到 neither", () => {
    expect(oneOfSaid('周日回复你', ['回', '来', '去', '到', '见'])).toBe('absent');
    expect(oneOfSaid('周日收到', ['回', '来', '去', '到', '见'])).toBe('absent');
    expect(oneOfSaid('周日收到就回来', ['回', '来', '去', '到', '见'])).toBe('said');
  });
});

describe('a modal bound to its negation is one negation: its reach counts from its end', () => {
  it.each([
    ['周日没空一起吃饭', '吃', 'denied'],
    ['周日那天没法一起吃饭了', '吃', 'denied'],
    ['周日没时间一起吃饭', '吃', 'denied'],
    ['我没办法一起去', '去', 'denied'],
    ['不能不去', '去', 'said'],
    ['周日一起吃饭，没法早到', '吃', 'said'],
    ['周日一起吃饭', '吃', 'said'],
    ['周日我不一定能准时到', '准时', 'denied'],
    ['周日我不一定准时到', '准时', 'denied'],
    ['周日我一定准时到', '准时', 'said'],
    ['不一定要等我，周日我准时到', '准时', 'said'],
  ])('%s, %s: %s', (text, term, want) => {
    expect(termSaid(text, term)).toBe(want);
  });
});

describe('差 with how much is left is "not yet": the thing is one measure short', () => {
  it.each([
    ['差一站就到家了', '到家', 'denied'],
    ['还差五分钟就到家', '到家', 'denied'],
    ['差两步到家', '到家', 'denied'],
    ['我到家了，差点迟到', '到家', 'said'],
    ['我到家了，差一站的时候睡着了', '到家', 'said'],
    ['差不多到家了就给你打电话，现在到家了', '到家', 'said'],
  ])('%s, %s: %s', (text, term, want) => {
    expect(termSaid(text, term)).toBe(want);
  });
});

describe('a term in a clause that asks (吗, or a question mark) is asked, not said', () => {
  it.each([
    ['周日几点回来？', '周日', 'denied'],
    ['周日几点回来？', '回', 'denied'],
    ['周日我回去吃饭?', '回', 'denied'],
    ['周日回去，几点吃饭？', '回', 'said'],
    ['药吃了吗？', '吃', 'denied'],
    ['药吃了吗', '药', 'denied'],
    ['到家了吗？', '到家', 'denied'],
    ['你知道吗，我已经吃过药了', '吃', 'said'],
    ['我已经吃过药了，你呢？', '吃', 'said'],
    ['你吃饭了吗？我吃过药了', '药', 'said'],
  ])('%s, %s: %s', (text, term, want) => {
    expect(termSaid(text, term)).toBe(want);
  });
});
