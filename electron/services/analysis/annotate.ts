import type { TableModel, VerbAnnotationRow } from '../../../shared/domain/analysis.js';
import type { AgentConfig } from '../../../shared/schemas/agent-config.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { findAgentConfig, loadAgentConfigs } from '../../adapters/llm/agent-configs.js';
import { OpenAiChatClient } from '../../adapters/llm/openai-client.js';
import type { AnnotationAgreement, AnnotationOutcome, CompletionPort } from '../../core/analysis/linguistics/llm-annotation.js';
import { annotateInstructions, annotationAgreement } from '../../core/analysis/linguistics/llm-annotation.js';
import { annotatedVerbs } from '../../core/analysis/linguistics/verb-source.js';
import { AnalysisInputError } from './analyses.js';

/** The annotation prompt goes to the agent entry's model; its key comes from the variable it names. */
/** The named agent of the workspace (agents.json or built-in) as the annotator's completion port, with its model. */
export function agentCompletionPort(workspace: string, name: string): { port: CompletionPort; model: string | null } {
  const config = findAgentConfig(loadAgentConfigs(workspace), name);
  return { port: completionPort(config), model: config.model ?? null };
}

export function completionPort(agent: AgentConfig, env: Record<string, string | undefined> = process.env): CompletionPort {
  if (!agent.baseUrl || !agent.model)
    throw new AnalysisInputError(`agent ${agent.name} has no model to ask; choose an entry with baseUrl and model`);
  const apiKey = agent.apiKeyEnv ? (env[agent.apiKeyEnv] ?? null) : null;
  if (agent.apiKeyEnv && !apiKey) throw new AnalysisInputError(`set ${agent.apiKeyEnv} (agent ${agent.name}'s key) and try again`);
  const client = new OpenAiChatClient({
    baseUrl: agent.baseUrl,
    model: agent.model,
    apiKey,
    timeoutMs: agent.timeoutMs,
    retries: agent.retries,
  });
  return {
    complete: async (messages) =>
      (await client.complete({ messages: messages.map((m) => ({ role: m.role, content: m.content })), sampling: { temperature: 0 } }))
        .content,
  };
}

/**
 * LLM-assisted annotation (paper Appendix C): the model labels each instruction of a set; the
 * table puts its labels beside the set's human labels for a person to verify, and agreement
 * (percent and Cohen's kappa per dimension) is reported as in the paper (93.10%).
 */
export async function annotateSet(
  ws: WorkspaceStore,
  set: string | undefined,
  port: CompletionPort,
  limit?: number,
  model: string | null = null,
): Promise<{ tables: TableModel[]; outcomes: AnnotationOutcome[]; agreement: AnnotationAgreement | null }> {
  const tasks = ws.tasks.list(set ? { taskSet: set } : {}).slice(0, limit ?? Infinity);
  if (tasks.length === 0)
    throw new AnalysisInputError(set ? `task set "${set}" has no tasks` : 'the workspace has no tasks; import a task set first');
  const outcomes = await annotateInstructions(
    port,
    tasks.map((t) => ({ id: t.id, instruction: t.instruction })),
  );
  // The verbs are proposals until a person accepts or edits them (Analysis screen → Verb annotations).
  const instructionOf = new Map(tasks.map((t) => [t.id, t.instruction]));
  for (const o of outcomes) if (o.ok) ws.verbAnnotations.propose(o.id, instructionOf.get(o.id)!, o.annotation.verbs, model);
  const human = new Map(tasks.map((t) => [t.id, { syntactic: t.syntactic, semantic: t.semantic }]));
  const agreement = annotationAgreement(outcomes, human);
  const byId = new Map(outcomes.map((o) => [o.id, o]));
  const labels: TableModel = {
    id: 'llm-annotation',
    title: 'LLM annotation beside the human labels (verify the rows that differ)',
    columns: [
      { key: 'id', header: 'Task' },
      { key: 'instruction', header: 'Instruction' },
      { key: 'humanSyn', header: 'Human syntactic' },
      { key: 'llmSyn', header: 'LLM syntactic' },
      { key: 'humanSem', header: 'Human semantic' },
      { key: 'llmSem', header: 'LLM semantic' },
      { key: 'verbs', header: 'LLM verbs' },
      { key: 'note', header: 'Note' },
    ],
    rows: tasks.map((t) => {
      const o = byId.get(t.id)!;
      return {
        id: t.id,
        instruction: t.instruction,
        humanSyn: t.syntactic,
        humanSem: t.semantic,
        llmSyn: o.ok ? o.annotation.syntactic : null,
        llmSem: o.ok ? o.annotation.semantic : null,
        verbs: o.ok ? o.annotation.verbs.join(' ') : null,
        note: o.ok ? (o.annotation.syntactic !== t.syntactic || o.annotation.semantic !== t.semantic ? 'differs' : '') : o.error,
      };
    }),
    notes: [
      `${outcomes.filter((o) => !o.ok).length} of ${outcomes.length} answers could not be read (listed in Note).`,
      'The LLM verbs are stored as proposals: they count for Table 5 and attribution only after a person accepts or edits them in the Analysis screen (Verb annotations).',
    ],
  };
  const summary: TableModel = {
    id: 'llm-annotation-agreement',
    title: 'Agreement of LLM and human annotation',
    columns: [
      { key: 'dimension', header: 'Dimension' },
      { key: 'n', header: 'Compared', align: 'right' },
      { key: 'agreement', header: 'Agreement (%)', align: 'right', format: { kind: 'percent', digits: 2 } },
      { key: 'kappa', header: "Cohen's κ", align: 'right', format: { kind: 'fixed', digits: 3 } },
    ],
    rows: agreement
      ? [
          {
            dimension: 'Syntactic',
            n: agreement.compared,
            agreement: agreement.syntactic.percentAgreement,
            kappa: agreement.syntactic.kappa,
          },
          { dimension: 'Semantic', n: agreement.compared, agreement: agreement.semantic.percentAgreement, kappa: agreement.semantic.kappa },
          { dimension: 'Average', n: agreement.compared, agreement: agreement.averagePercentAgreement, kappa: null },
        ]
      : [],
    notes: ['The paper reports 93.10% average agreement between the LLM and human annotators.'],
  };
  return { tables: [labels, summary], outcomes, agreement };
}

/** Verb annotations of a set's instructions, with the source that counts for each. */
export function verbRows(ws: WorkspaceStore, set: string | undefined): VerbAnnotationRow[] {
  const tasks = ws.tasks.list(set ? { taskSet: set } : {});
  if (tasks.length === 0)
    throw new AnalysisInputError(set ? `task set "${set}" has no tasks` : 'the workspace has no tasks; import a task set first');
  return tasks.map((t) => verbRow(ws, t.id)!);
}

function verbRow(ws: WorkspaceStore, taskId: string): VerbAnnotationRow | null {
  const task = ws.tasks.get(taskId);
  if (!task) return null;
  const stored = ws.verbAnnotations.get(taskId);
  // An annotation made for other wording is void for the instruction as it is now.
  const current = stored && stored.instruction === task.instruction ? stored : undefined;
  const chosen = annotatedVerbs(task, current);
  return {
    taskId,
    instruction: task.instruction,
    proposed: current?.proposed ?? null,
    model: current?.model ?? null,
    accepted: current?.accepted ?? null,
    status: current ? current.status : 'none',
    taskFileVerbs: task.annotations.verbs ?? null,
    source: chosen?.source ?? 'pos',
  };
}

/** A person's decision on one instruction's core verbs (the proposal as is, or edited; [] = none). */
export function acceptVerbs(ws: WorkspaceStore, taskId: string, verbs: readonly string[]): VerbAnnotationRow {
  const task = ws.tasks.get(taskId);
  if (!task) throw new AnalysisInputError(`no task "${taskId}" in this workspace`);
  ws.verbAnnotations.accept(taskId, task.instruction, verbs.map((v) => v.trim()).filter(Boolean));
  return verbRow(ws, taskId)!;
}
