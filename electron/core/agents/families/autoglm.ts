import type { AgentHistoryEntry } from '../agent.js';
import type { ChatMessage } from '../model-port.js';
import { image, text } from '../model-port.js';
import { parseAutoglm } from '../parsers/autoglm-parser.js';
import type { BuildInput, Family, FamilyContext } from './family.js';
import { fill } from './family.js';

/**
 * AutoGLM-Phone. One system message (date line first), the task in the first user
 * turn, `** Screen Info **` afterwards; earlier screenshots are removed from history so each
 * request carries exactly one image. Coordinates: 0–999 grid divided by 1000 ⇒ n = v.
 * The prompt below follows the official structure in our own words; set `promptTemplate`
 * to use the official text verbatim.
 */
const ACTIONS_CN = `操作指令及其作用如下：
- do(action="Launch", app="xxx")：启动指定的应用。
- do(action="Tap", element=[x,y])：点击屏幕上的一点。坐标系从左上角 (0,0) 到右下角 (999,999)。
- do(action="Tap", element=[x,y], message="重要操作")：点击涉及支付、隐私等敏感操作时使用，需要用户确认。
- do(action="Type", text="xxx")：在已聚焦的输入框中输入文本（会先清空原有内容）。
- do(action="Type_Name", text="xxx")：输入人名。
- do(action="Interact")：有多个符合条件的选项时，请用户选择。
- do(action="Swipe", start=[x1,y1], end=[x2,y2])：从起点滑动到终点，用于滚动或翻页。
- do(action="Note", message="True")：记录当前页面内容，供后续使用。
- do(action="Call_API", instruction="xxx")：对已记录的内容做总结或处理。
- do(action="Long Press", element=[x,y])：长按屏幕上的一点。
- do(action="Double Tap", element=[x,y])：双击屏幕上的一点。
- do(action="Take_over", message="xxx")：需要用户亲自操作（如登录、验证码）时使用。
- do(action="Back")：返回上一页或关闭弹窗。
- do(action="Home")：回到系统桌面。
- do(action="Wait", duration="x seconds")：等待页面加载 x 秒。
- finish(message="xxx")：结束任务，message 说明完成情况或无法完成的原因。`;

const RULES_CN = `必须遵循的规则：
1. 操作前先确认当前应用是否为目标应用，不是则先执行 Launch。
2. 进入无关页面时先执行 Back 返回。
3. 页面未加载出内容时可以 Wait，但最多连续等待三次，之后执行 Back 重新进入。
4. 找不到目标内容时，尝试 Swipe 滑动查找。
5. 筛选条件过严找不到结果时，可以放宽条件。
6. 每一步先检查上一步操作是否生效；未生效时换一种方式（如调整点击位置或滑动）。
7. 输入文字前先确保输入框已聚焦。
8. 不要重复执行同一个无效操作。
9. 任务无法完成时，用 finish 说明原因。
10. 结束前检查任务是否完整准确地完成，有遗漏则继续执行。`;

export const AUTOGLM_TEMPLATE_CN = `今天的日期是: {date}
你是一个操作手机的智能体，根据用户任务、操作历史和当前截图，每次选择一个操作来完成任务。
你必须严格按照以下格式输出：
<think>{think}</think>
<answer>{action}</answer>
其中 {think} 是你选择该操作的简短理由，{action} 是本次执行的一条操作指令，必须严格符合下面的格式。

${ACTIONS_CN}

${RULES_CN}`;

export const AUTOGLM_TEMPLATE_EN = `The current date: {date}
You are a phone-operation agent. From the task, your action history and the current screenshot, choose one action per step.
Answer exactly in this format:
<think>{think}</think>
<answer>{action}</answer>

Actions (the screen grid runs from (0,0) top-left to (999,999) bottom-right):
- do(action="Tap", element=[x,y])
- do(action="Type", text="xxx")
- do(action="Swipe", start=[x1,y1], end=[x2,y2])
- do(action="Long Press", element=[x,y])
- do(action="Launch", app="xxx")
- do(action="Back")
- finish(message="xxx")`;

const WEEKDAYS_CN = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];
const WEEKDAYS_EN = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const pad = (n: number): string => String(n).padStart(2, '0');

export function autoglmDate(now: Date, variant: string): string {
  const [y, m, d, w] = [now.getFullYear(), now.getMonth() + 1, now.getDate(), now.getDay()];
  return variant === 'en' ? `${y}-${pad(m)}-${pad(d)}, ${WEEKDAYS_EN[w]}` : `${y}年${pad(m)}月${pad(d)}日 ${WEEKDAYS_CN[w]}`;
}

/** Python's json.dumps default separators (", " and ": "), ensure_ascii=False. */
function screenInfo(app: string | null | undefined): string {
  return `{"current_app": ${JSON.stringify(app ?? 'System Home')}}`;
}

function template(ctx: FamilyContext): string {
  return ctx.config.promptTemplate ?? (ctx.variant === 'en' ? AUTOGLM_TEMPLATE_EN : AUTOGLM_TEMPLATE_CN);
}

/** The user turn before step `stepIndex`; after an answered Take_over / Interact it opens with the user's words, as the task does. */
function userText(instruction: string, stepIndex: number, app: string | null | undefined, reply: string | undefined): string {
  if (stepIndex === 0) return `${instruction}\n\n${screenInfo(app)}`;
  return `${reply ? `${reply}\n\n` : ''}** Screen Info **\n\n${screenInfo(app)}`;
}

function assistantTurn(h: AgentHistoryEntry): string {
  // A turn that did not parse is resent as the model wrote it.
  return h.actionText ? `<think>${h.thought}</think><answer>${h.actionText}</answer>` : h.raw;
}

export const autoglmFamily: Family = {
  id: 'autoglm',
  version: '1.1.0',
  defaultVariant: 'cn',
  defaultSampling: { temperature: 0, top_p: 0.85, frequency_penalty: 0.2, max_tokens: 3000 },
  sendSize: () => null,
  coordMode: () => ({ kind: 'relative', max: 1000 }),
  buildMessages(input: BuildInput): ChatMessage[] {
    const messages: ChatMessage[] = [{ role: 'system', content: fill(template(input), { date: autoglmDate(input.now, input.variant) }) }];
    input.history.forEach((h, i) => {
      messages.push({ role: 'user', content: [text(userText(input.instruction, i, h.currentApp, input.history[i - 1]?.userReply))] });
      messages.push({ role: 'assistant', content: assistantTurn(h) });
    });
    // Image first, then text (official part order).
    messages.push({
      role: 'user',
      content: [
        image(input.image.dataUrl),
        text(userText(input.instruction, input.history.length, input.observation.currentApp, input.history.at(-1)?.userReply)),
      ],
    });
    return messages;
  },
  parse: (raw, mode) => parseAutoglm(raw, { coords: mode }),
  describe: (ctx) => ({
    promptTemplate: template(ctx),
    historyPolicy:
      "full chat kept (no truncation); screenshots removed from earlier user turns, so 1 image per request; earlier assistant turns resent as <think>…</think><answer>…</answer>; after an answered Take_over/Interact the next user turn opens with the user's answer, then ** Screen Info **",
    coordinates: 'relative: 0–999 grid divided by 1000, n = v; values past 1000 clamped and flagged',
    resize: 'none on our side (the server resizes; relative coordinates are unaffected)',
  }),
};
