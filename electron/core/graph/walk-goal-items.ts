import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge, GraphNode } from '../../../shared/domain/task-graph.js';
import { normalizeContent } from './content.js';
import { groupOptionTapped } from './walk-free-item.js';

/** An item something was done on: the screen's activity, the item, and whether a free choice picked it. */
interface ItemOf {
  activity: string;
  item: string;
  free: boolean;
}

/**
 * Which item each page the path stands on is about, and which items the task's goal action was done on. A free choice
 * (demonstrations picked different items of one list and all reached the goal) leads to one recorded page for every
 * item, so the page's title says the demonstration's item, not the path's: the item is the option the path tapped.
 * A goal action that edits its page (安装, whose button then says 已安装) changes nothing when pressed again on the same
 * item, but on another item's page it acts again: a second game installed where she asked for one (held-out set AN:
 * 中国象棋 installed, Back, 老年麻将 installed — accepted, while no demonstration did the goal twice).
 */
export class GoalItems {
  /** By page: the item a free choice opened it for (absent: the item its recorded title names). */
  private readonly itemOn = new Map<string, string>();
  /** The items the goal action was done on: the screen's activity, the item, and whether a free choice picked it. */
  private readonly done: ItemOf[] = [];
  /** The items a press that adds to a count was taken on, alike. */
  private readonly counted: ItemOf[] = [];

  /** The walk went forward onto `page` by `edge`: by a free choice (whichever of its options was tapped), or not. */
  entered(page: string, edge: GraphEdge, action: Action): void {
    const label = edge.choice ? groupOptionTapped(edge, action) : null;
    if (label) this.itemOn.set(page, label);
    else this.itemOn.delete(page);
  }

  /** The goal action taken on `page` (shown by `node`). */
  goalTaken(page: string, node: GraphNode | undefined): void {
    this.done.push({ activity: node?.signature.activity ?? '', item: this.itemOf(page, node), free: this.itemOn.has(page) });
  }

  /** A press that adds to a count (加入购物车: the cart's label gained a number) taken on `page` (shown by `node`). */
  countAdded(page: string, node: GraphNode | undefined): void {
    this.counted.push({ activity: node?.signature.activity ?? '', item: this.itemOf(page, node), free: this.itemOn.has(page) });
  }

  /**
   * Whether a press that adds to a count was taken on another item of the same kind of screen than the one `page` is
   * about, where a free choice picked one of the two: pressed here it adds this item too — the cart holds both, where
   * every demonstration put one thing in it (held-out set AO: 五常香米 into the cart, Back, 东北大米 into the cart, the
   * cart ordered — both bags, accepted: the free choice showed the second rice's page as the first's, its count unset).
   */
  countOnOtherItem(page: string, node: GraphNode | undefined): boolean {
    return this.onOther(this.counted, page, node);
  }

  /** The goal undone (a switch flipped back): no item holds it. */
  undone(): void {
    this.done.length = 0;
  }

  /**
   * Whether the goal was done on another item of the same kind of screen (its activity) than the one `page` is about,
   * where a free choice picked one of the two — the item a list's row opened. Screens of one activity told apart by
   * their titles alone (a setting on two pages) are no items.
   */
  otherItem(page: string, node: GraphNode | undefined): boolean {
    return this.onOther(this.done, page, node);
  }

  private onOther(items: readonly ItemOf[], page: string, node: GraphNode | undefined): boolean {
    const activity = node?.signature.activity ?? '';
    const item = this.itemOf(page, node);
    const free = this.itemOn.has(page);
    return items.some((d) => d.activity === activity && d.item !== item && (d.free || free));
  }

  private itemOf(page: string, node: GraphNode | undefined): string {
    return this.itemOn.get(page) ?? normalizeContent(node?.signature.title ?? '');
  }
}
