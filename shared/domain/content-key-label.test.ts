import { describe, expect, it } from 'vitest';
import { describeContentKey } from './content-key-label.js';

describe('describeContentKey', () => {
  it('reads a graph content key as words: what, which, on which screen', () => {
    expect(describeContentKey('com.vphone.wallet/.Main|转账§text|EditText|com.vphone.wallet:id/amount')).toBe(
      'the text field “amount” on 转账',
    );
    expect(
      describeContentKey(
        'com.android.deskclock/com.android.deskclock.alarms.AlarmEditActivity|添加闹钟§text|EditText|com.android.deskclock:id/hour_input',
      ),
    ).toBe('the text field “hour input” on 添加闹钟');
    expect(
      describeContentKey('com.vphone.chat/com.vphone.chat.ui.SnsTimeLineUI|朋友圈§label|ImageButton|com.vphone.chat:id/like|老李'),
    ).toBe('the label “老李” on 朋友圈');
    expect(describeContentKey('com.vphone.chat/com.vphone.chat.ui.ChattingUI|老伴§entered|我到家了')).toBe(
      'the entered text “我到家了” on 老伴',
    );
    expect(describeContentKey('a/b.c.SettingsActivity§choice|RadioGroup|a:id/size|字体大小#2')).toBe(
      'the choice “字体大小” (no. 2) on SettingsActivity',
    );
    expect(describeContentKey('text|EditText|com.vphone.wallet:id/amount')).toBe('the text field “amount”');
  });
});
