import type { GraphNode } from '../../../shared/domain/task-graph.js';
import { normalizeContent } from './content.js';
import { isEditClass } from './widget-classes.js';

/**
 * The button that closes a result page (转账成功's 完成): after the goal action led to the page, it acts on nothing the
 * goal did — the transfer is made, the bill paid — and the page goes, showing what lies below, which no demonstration
 * recorded (they finished on the result). The walk then stands off what the recordings show with the goal standing,
 * as after Back off a page no recording shows below (walk-home.ts backBeyond): Finish is judged by the goal as it stood,
 * and only Back and Home go on. Found by held-out set AK: 200元, 转账, then 完成 — an agent closing the page it finished
 * on — refused as a tap the graph does not know.
 *
 * Only a button whose label says it closes (完成, 确定, 知道了, 返回, 关闭 — not 撤销 or 再转一笔, which act or open),
 * only on the very page the goal action entered, and only where that page holds nothing to edit: no field, no content a
 * demonstration set there (a form's 完成 commits what it holds).
 */
const CLOSING = /^(完成|确定|好的?|知道了|我知道了|返回|返回首页|关闭|done|ok|close|got it)$/;

export function closesResult(label: string, node: GraphNode | undefined): boolean {
  if (!node || !CLOSING.test(normalizeContent(label))) return false;
  if (Object.keys(node.signature.content ?? {}).length > 0) return false;
  // Nothing to edit there: no field, no switch or box to tick.
  return !node.signature.structure.some((s) => {
    const cls = s.split('|')[0] ?? '';
    return isEditClass(cls) || /Switch|CheckBox|RadioButton|ToggleButton/.test(cls);
  });
}
