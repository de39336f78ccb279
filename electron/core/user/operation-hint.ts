/**
 * Whether a simulated older adult's answer tells the agent how to operate the phone. The
 * simulator's prompt forbids it (the person does not know the apps, and guiding the agent would
 * make its success not its own), but a model may still say "点右上角的设置". Such words name the
 * interface itself — controls, screens, gestures — never the person's facts, so a short list
 * finds them; a hit is asked once more with a reminder and, if it stays, kept and flagged.
 */
const ZH =
  /点击|点一下|点开|点进|点那个|按钮|按键|菜单|屏幕|界面|页面|图标|输入框|搜索框|选项卡|标签页|滑动|往上滑|往下滑|往下拉|往上拉|长按|右上角|左上角|右下角|左下角|设置里/;
const EN =
  /\b(tap|click|press|button|menu|screen|swipe|scroll|icon|tab|toolbar|search box|text field|top (left|right)|bottom (left|right)|long[- ]press)\b/i;

export function namesPhoneOperation(answer: string): boolean {
  return ZH.test(answer) || EN.test(answer);
}

/** Added to the question when the first answer named the interface. */
export const OPERATION_REMINDER =
  '(Answer again, as this person: only what was asked, from what you know. Say nothing about how to use the phone — no buttons, screens, menus or steps.)';
