import type { Command } from 'commander';
import { Option } from 'commander';
import type { ModelAdapterId } from '../../../shared/schemas/agent-config.js';
import { MODEL_ADAPTERS } from '../../../shared/schemas/agent-config.js';
import { AgentApprovals } from '../../adapters/llm/agent-approvals.js';
import { AgentConfigError, approveAgent, loadAgentConfigs, secretUse } from '../../adapters/llm/agent-configs.js';
import { resolveWorkspaceDir } from '../../adapters/system/user-paths.js';
import { ParseOptionsError, parseReplyAs, readSize } from '../../core/agents/parse-reply.js';
import { registerAgentTry } from './agent-try.js';
import type { GlobalOptions } from '../output.js';
import { CliError, info, printResult, table, truncate } from '../output.js';

/**
 * `elderbench agent list` — built-in and workspace agents (agents.json), with whether each key
 * variable is set (never its value).
 * `elderbench agent trust NAME` — approve, on this machine, that a workspace entry sends its key
 * variable to its host (approvals live in the user's config, never in the workspace).
 * `elderbench agent parse --format F` — parse one raw model reply from stdin into the canonical
 * action (a ParseError with its reason for bad input; exit 0 either way).
 */
async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) info('reading the model reply from stdin; end with Ctrl-D');
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

export function registerAgent(program: Command, globals: () => GlobalOptions): void {
  const agent = program.command('agent').description('list agents, check how replies in each model format are parsed, try one live step');
  registerAgentTry(agent, globals);

  agent
    .command('list')
    .description("list the agents: built-in ones and those in the workspace's agents.json")
    .action(() => {
      const g = globals();
      const set = loadAgentConfigs(resolveWorkspaceDir(g.workspace));
      if (set.errors.length > 0) {
        throw new CliError(`${set.file ?? 'agents.json'} has ${set.errors.length} problem(s); fix them and run again`, 1, set.errors);
      }
      const rows = set.agents.map((a) => ({
        name: a.name,
        adapter: a.adapter,
        variant: a.variant ?? null,
        model: a.model ?? null,
        endpointHost: a.baseUrl ? new URL(a.baseUrl).host : null,
        apiKeyEnv: a.apiKeyEnv ?? null,
        keySet: a.apiKeyEnv ? Boolean(process.env[a.apiKeyEnv]) : null,
        source: a.source,
        trust: a.trust,
        description: a.description ?? '',
      }));
      printResult(
        g,
        rows,
        (rs) =>
          `${table(
            rs.map((r) => [
              r.name,
              r.variant ? `${r.adapter}@${r.variant}` : r.adapter,
              truncate(r.model ?? '—', 32),
              r.endpointHost ?? '—',
              r.apiKeyEnv ? `${r.apiKeyEnv} (${r.keySet ? 'set' : 'NOT set'})` : '—',
              r.trust === 'needs-approval' ? `${r.source}, NOT approved` : r.trust === 'approved' ? `${r.source}, approved` : r.source,
            ]),
            ['name', 'adapter', 'model', 'endpoint', 'key variable', 'source'],
          )}\n${rs.length} agents (${set.file ? `workspace file: ${set.file}` : 'built-in only; add your own in <workspace>/agents.json'})`,
      );
    });

  agent
    .command('trust')
    .description('approve that a workspace agent entry sends its API key variable to its endpoint host (this machine only)')
    .argument('<name>', 'the agent entry, as in "elderbench agent list"')
    .option('--revoke', 'withdraw the approval instead')
    .action((name: string, o: { revoke?: boolean }) => {
      const g = globals();
      const approvals = new AgentApprovals();
      if (o.revoke) {
        const n = approvals.revoke(name);
        printResult(g, { agent: name, revoked: n }, () => (n ? `Withdrew ${n} approval(s) of ${name}` : `${name} had no approval`));
        return;
      }
      const set = loadAgentConfigs(resolveWorkspaceDir(g.workspace), { approvals });
      if (set.errors.length > 0) {
        throw new CliError(`${set.file ?? 'agents.json'} has ${set.errors.length} problem(s); fix them and run again`, 1, set.errors);
      }
      const entry = set.agents.find((a) => a.name === name);
      const use = entry ? secretUse(entry) : null;
      let approved;
      try {
        approved = approveAgent(set, name, approvals);
      } catch (e) {
        if (e instanceof AgentConfigError) throw new CliError(e.message);
        throw e;
      }
      printResult(
        g,
        { ...approved, file: approvals.file },
        (r) =>
          `Approved: agent ${r.agent} may send the value of ${r.variable} to ${r.origin} (${use && entry?.model ? `model ${entry.model}, ` : ''}from ${set.file}).\n` +
          `Recorded in ${r.file}; withdraw with: elderbench agent trust ${r.agent} --revoke`,
      );
    });

  agent
    .command('parse')
    .description('parse one raw model reply from stdin into the canonical action (JSON)')
    .addOption(new Option('--format <format>', 'the reply format').choices(MODEL_ADAPTERS).makeOptionMandatory())
    .option('--variant <variant>', 'model version (uitars: 1.5|doubao|1.0, uivenus: 1.5|1.0, qwen-vl: 3|2.5, autoglm: cn|en)')
    .option('--screen <WxH>', 'device screen size in pixels', '1080x2400')
    .option('--sent <WxH>', 'size of the image the model saw (absolute-coordinate models; default: what we would send)')
    .action(async (o: { format: ModelAdapterId; variant?: string; screen: string; sent?: string }) => {
      const g = globals();
      let report;
      try {
        const screen = readSize(o.screen, '--screen');
        const sent = o.sent ? readSize(o.sent, '--sent') : null;
        report = parseReplyAs(o.format, await readStdin(), { screen, sent, variant: o.variant });
      } catch (e) {
        if (e instanceof ParseOptionsError) throw new CliError(e.message, 2);
        throw e;
      }
      if (g.json) {
        printResult(g, report, () => '');
        return;
      }
      process.stdout.write(`${JSON.stringify(report.action)}\n`);
      const px = Object.entries(report.pixels)
        .map(([k, p]) => `${k}=(${p.x},${p.y})`)
        .join(' ');
      info(
        `${report.format}@${report.variant}: screen ${report.screen.width}x${report.screen.height}, sent ${report.sent.width}x${report.sent.height}${px ? `, device pixels ${px}` : ''}`,
      );
      if (report.extras.length > 0) info(`not executed (one action per step): ${report.extras.join(' | ')}`);
      if (report.flags.coordOutOfRange) info("warning: a coordinate was outside the model's space and was clamped");
    });
}
