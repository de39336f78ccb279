import { describe, expect, it } from 'vitest';
import { deriveTextSlots, fieldSlots, retractedTerms, slotsVerdict } from './text-slots.js';
import { foldCjkSpaces } from './content.js';
import { sameWords } from './same-words.js';
import { cut } from '../../../test/support/word-list-tokenizer.js';

describe('free text by its slots', () => {
  it("required: the words every demonstration typed that the instruction says; the demonstrator's own additions are not", () => {
    const s = deriveTextSlots(['我晚点到，大概半小时'], { instruction: '跟他说一声，我晚点到', tokenize: cut })!;
    expect(s.required).toEqual(['晚点', '到']);
    expect(slotsVerdict('我晚点到', s)).toBe(true);
    expect(slotsVerdict('我会晚点到', s)).toBe(true);
    expect(slotsVerdict('我早点到，大概半小时', s)).toBe(false);
  });

  it('two demonstrations in other words share their terms: 药 and 吃, not 已经; a negation no one said turns it around', () => {
    const s = deriveTextSlots(['我已经吃过药了', '药吃过了'], { instruction: '跟闺女说我已经吃过药了', tokenize: cut })!;
    expect(s.required.sort()).toEqual(['吃', '药']);
    expect(slotsVerdict('我已经吃过饭了', s)).toBe(false);
    expect(slotsVerdict('药已经吃了', s)).toBe(true);
    expect(slotsVerdict('我还没吃过药了', s)).toBe(false);
    expect(slotsVerdict('药没吃', s)).toBe(false);
  });

  it("the task's own terms are said, not denied, as the task's check reads them (negation-scope.ts)", () => {
    const s = { required: ['到家'], forbidden: [] };
    expect(slotsVerdict('我到家了', s)).toBe(true);
    expect(slotsVerdict('我还没到家', s)).toBe(false);
    expect(slotsVerdict('我快到家了', s)).toBe(false);
    expect(slotsVerdict('没事，我到家了', s)).toBe(true);
  });

  it('without a segmenter the common pieces are kept whole', () => {
    expect(deriveTextSlots(['周日我准时到', '周日准时到'], { instruction: '跟家里人说周日我准时到' })!.required).toEqual([
      '周日',
      '准时到',
    ]);
  });

  it('the corrected-away value is forbidden, and a piece of it is no required term', () => {
    const s = deriveTextSlots(['周日中午一起吃饭'], {
      instruction: '给王丽发个短信，说周六一起吃饭，哦不对，不是周六，改天了',
      tokenize: cut,
    })!;
    // 周日 fills the slot 周六 left: the demonstration's day is required, however vaguely the person said it (改天了).
    // 不 is the instruction's own (不对，不是周六); the negations it did not say are forbidden too.
    expect(s).toEqual({ required: ['一起', '吃饭', '周日'], forbidden: ['周六', '没', '别', '未'] });
    expect(slotsVerdict('周六一起吃饭', s)).toBe(false);
    expect(slotsVerdict('周日一起吃饭', s)).toBe(true);
    expect(slotsVerdict('改天一起吃饭', s)).toBe(false);
  });

  it('a retracted value inside the corrected one (后天 in 大后天) is never forbidden', () => {
    expect(slotsVerdict('大后天见', { required: ['大后天'], forbidden: ['后天'] })).toBe(true);
    expect(slotsVerdict('后天见', { required: [], forbidden: ['后天'] })).toBe(false);
    expect(slotsVerdict('随便', { required: [], forbidden: [] })).toBeNull();
  });

  it('what a correction took back', () => {
    const r = (s: string): string[] => retractedTerms(s, cut);
    expect(r('订后天去杭州的票，不对，大后天')).toEqual([]);
    expect(r('坐地铁去人民医院，啊不，坐公交')).toEqual(['地铁']);
    expect(r('给药房打个电话，呃，不是，给社区中心打')).toEqual(['药房']);
    expect(r('给儿子打个语音，哦不，打视频')).toEqual(['语音']);
    expect(r('把蓝牙关了，哦不对，是打开')).toEqual(['关']);
    expect(r('给儿子转五百，不对，三百')).toEqual(['五百']);
    expect(r('说周六一起吃饭，哦不对，不是周六，改天了')).toEqual(['周六']);
    expect(retractedTerms('说周六一起吃饭，不是周六')).toEqual(['周六']);
    expect(r('跟他说一声，我晚点到')).toEqual([]);
  });

  it('a day of the week in any spelling is that day: 星期天 holds the slot 周日, 礼拜六 is the forbidden 周六', () => {
    const s = { required: ['一起', '吃饭', '周日'], forbidden: ['周六', '没', '别', '未'] };
    expect(slotsVerdict('星期天中午一起吃饭吧', s)).toBe(true);
    expect(slotsVerdict('礼拜日一起吃饭', s)).toBe(true);
    expect(slotsVerdict('礼拜六中午一起吃饭', s)).toBe(false);
    expect(slotsVerdict('星期六一起吃饭', s)).toBe(false);
    expect(sameWords('这周天气不错，周天见')).toBe('这周天气不错，周日见');
    expect(sameWords('星期一到礼拜五')).toBe('周一到周五');
  });

  it("the task's own text check gives the field its slots: 晚 where the demonstrations shared 晚点 and 到", () => {
    const hints = { instruction: '跟他说一声，我晚点到', tokenize: cut, terms: [{ required: ['晚'], forbidden: [] }] };
    const s = fieldSlots(['我晚点到，大概半小时', '我晚点到'], hints)!;
    expect(s.required).toEqual(['晚']);
    expect(slotsVerdict('我会晚一点到', s)).toBe(true);
    expect(slotsVerdict('我早点到', s)).toBe(false);
    // The recipient's field: no demonstration typed 晚 there, so the check is about another field.
    expect(fieldSlots(['李强'], hints)).toBeNull();
  });

  it("a check's alternatives: the spelling every demonstration wrote; the instruction's corrected-away value stays forbidden", () => {
    const day = ['周日', '星期日', '星期天', '礼拜天', '周天'];
    const hints = {
      instruction: '给王丽发个短信，说周六一起吃饭，哦不对，不是周六，改天了',
      tokenize: cut,
      terms: [{ required: [day], forbidden: [] }],
    };
    const s = fieldSlots(['周日中午一起吃饭', '星期天中午一起吃饭'], hints)!;
    expect(s).toEqual({ required: ['周日'], forbidden: ['周六'] });
    expect(slotsVerdict('礼拜天见', s)).toBe(true);
    expect(slotsVerdict('周六还是礼拜天都行', s)).toBe(false);
    // Two terms that are one word once the day is spelled one way are one slot, and the check still applies.
    expect(fieldSlots(['周日中午一起吃饭'], { ...hints, terms: [{ required: ['周日', day], forbidden: [] }] })!.required).toEqual(['周日']);
    // A demonstration's text the check refuses: the check is not about this field, the derived slots stand.
    expect(fieldSlots(['周六中午一起吃饭'], hints)).toEqual(deriveTextSlots(['周六中午一起吃饭'], hints));
  });

  it("a check's other alternatives stay alternatives: 周日见 answers as 周日我回去 does, and a denied one does not count", () => {
    const day = ['周日', '星期日', '星期天', '礼拜天', '周天'];
    const terms = [{ required: [day, ['回', '来', '去', '到', '见']], forbidden: ['周六'] }];
    const s = fieldSlots(['周日我回去吃饭', '礼拜天我回去'], { instruction: '跟孩子说周日我回去', tokenize: cut, terms })!;
    expect(s.required).toEqual(['周日', '回|来|去|到|见']);
    expect(slotsVerdict('周日见', s)).toBe(true);
    expect(slotsVerdict('星期天我过来', s)).toBe(true);
    expect(slotsVerdict('周日回，不用来接我', s)).toBe(true);
    expect(slotsVerdict('周日我不回去了', s)).toBe(false);
    expect(slotsVerdict('周日吧', s)).toBe(false);
  });
});

describe('spaces in Chinese text', () => {
  it('a space between Chinese words is no word break: 我到 家了 holds 到家; spaces between Latin words stay', () => {
    expect(slotsVerdict('我到 家了', { required: ['到家'], forbidden: [] })).toBe(true);
    expect(slotsVerdict('周 六见', { required: [], forbidden: ['周六'] })).toBe(false);
    expect(foldCjkSpaces('I am home 我到 家了')).toBe('I am home我到家了');
  });
});
