import type { Action } from '../../../shared/domain/action.js';
import type { GraphNode, TaskGraph } from '../../../shared/domain/task-graph.js';
import type { ContentRecord } from './goal-conditions.js';
import { isSearchKey } from './goal-conditions.js';
import { plainQuery } from './content.js';
import type { PageModel } from './page-model.js';
import { contentOf, isEdit, typedField } from './page-model.js';
import { pageOfKey } from './content-keys.js';
import type { Candidate } from './walk-candidate.js';
import type { WalkMove } from './walk-step.js';
import { broaderQuery, isTapLike, namedBy, tappedLabel, tappedTexts } from './walk-view.js';

/**
 * A search query other than the demonstration's, typed where it searched. The query is a means, so the walk goes on
 * to the results the demonstration saw, but the result the path then picks must be named by the query (a search for
 * 大药房 finds 益丰大药房; one for 医院 does not): which other results a query shows, no demonstration saw. A query
 * broader than the demonstration's (walk-view.ts broaderQuery) lists results in places no recorded screen shows, so
 * no result it lists can be told by place — unless another task's demonstration submitted that very query in the same
 * box: its recording shows what the phone lists, and the walk shows and judges taps on it (walk.ts resultPicked).
 */
export class SearchQuery {
  /** The other query typed, until a result it names is picked or the recorded search is typed again; else null. */
  text: string | null = null;
  private broad = false;
  /** Typed with characters an app's search does not fold as the walk does (content.ts plainQuery). */
  private odd = false;
  /** The search box it was typed in. */
  private key = '';
  /**
   * Taken away from the search by a way off the box's page a demonstration took with the box empty (a category): the
   * pages that route opens list no results of the query, until the path is back on the box's page or submits it.
   */
  private aside = false;
  /**
   * Where the query was submitted and another task's demonstration submitted the very same query there: the results that
   * recording saw (its node and graph), shown on `page` (the page this task's Enter reached) whenever the walk stands
   * there — Back from a result finds them again — until another query is typed.
   */
  private listed: { page: string; query: string; graph: TaskGraph; node: GraphNode } | null = null;

  /** After a move was applied: another query typed starts one; the recorded search typed again ends it. */
  typed(move: Candidate, action: Action, record: ContentRecord): void {
    if (action.type !== 'Type' || !move.edge) return;
    this.listed = null;
    this.aside = false;
    const field = typedField(move.edge);
    if (move.how === 'query' && field) {
      this.text = record.get(field.key) ?? action.text;
      this.key = field.key;
      this.odd = !plainQuery(action.text);
      this.broad = broaderQuery(this.text, field.value);
    } else if (isSearchKey(field?.key ?? '')) this.text = null;
  }

  /**
   * The query submitted by Enter, the walk now on `page`: `recorded` looks up the results another task's demonstration
   * saw after submitting the same query in the same box (walk-app-pages.ts resultsOf), null where none did.
   */
  submitted(page: string, recorded: (key: string, query: string) => { graph: TaskGraph; node: GraphNode } | null): void {
    this.aside = false;
    const found = this.text === null || this.odd ? null : recorded(this.key, this.text);
    this.listed = found && this.text !== null ? { page, query: this.text, ...found } : null;
  }

  /**
   * The results another task recorded for the query, where the walk stands on the page they are shown on (Back from a
   * result picked there finds them again, as the phone does); else null.
   */
  resultsOn(page: string): { query: string; graph: TaskGraph; node: GraphNode } | null {
    return this.listed?.page === page ? this.listed : null;
  }

  /** The query a path ends with unanswered: none while a route aside from the search stands (its pages list no results). */
  unanswered(): string | null {
    return this.aside ? null : this.text;
  }

  /** A result of the recorded results picked (the page it opens is this task's own): no refusal for it after. */
  picked(): void {
    this.text = null;
  }

  /**
   * A tap that leaves the results for a result the query does not name, or any after a broader query: refused (the
   * demonstration's results are not what that query shows). Null when the move stands; a result the query names ends it
   * — by any text the result shows (严凤英 names 女驸马, whose row shows its singer: held-out set BC).
   */
  refusal(model: PageModel, move: Candidate, action: Action): WalkMove | null {
    if (this.text === null || !isTapLike(action) || !move.edge || isEdit(model, move.edge)) return null;
    const onBoxPage = model.pageOf.get(move.edge.from) === pageOfKey(this.key);
    if (this.aside && !onBoxPage) return null;
    this.aside = false;
    // A tap a demonstration took where the box was still empty (a category on the page the search starts from) is no
    // result: with the query typed and not submitted, the phone shows that page as it was (held-out exploration: 视频
    // tapped after 广场舞教学 was typed, where the demonstration had searched 广场舞) — nor is what that route lists
    // (held-out set AW: 医院 searched, Back, the category 医疗健康, and 挂号网 there).
    if (contentOf(model.byId.get(move.edge.from))[this.key] === '') {
      if (namedBy(tappedLabel(move.edge, action), this.text, model.fuzzySearch.has(this.key))) this.text = null;
      else this.aside = onBoxPage && model.pageOf.get(move.edge.to) !== pageOfKey(this.key);
      return null;
    }
    const label = tappedLabel(move.edge, action);
    let reason: string;
    if (this.odd)
      reason = `"${this.text}" was typed with characters an app's search takes as they are (full-width, look-alike or repeated spaces): which results it lists, no demonstration saw`;
    else if (this.broad)
      reason = `"${this.text}" is a broader query than the demonstration's: it lists results no demonstration saw, in places no recorded screen shows, so which one is under the finger is not known`;
    else if (tappedTexts(move.edge, action).some((t) => namedBy(t, this.text!, model.fuzzySearch.has(this.key)))) {
      this.text = null;
      return null;
    } else reason = `"${label}" is not named by the query "${this.text}": which results that query shows, no demonstration saw`;
    return { taken: null, nearest: { edge: move.edge, result: { ...move.result, matched: false, rule: null, reason } } };
  }
}
