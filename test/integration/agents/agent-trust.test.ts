import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentApprovals, APPROVALS_FILE } from '../../../electron/adapters/llm/agent-approvals.js';
import { approveAgent, loadAgentConfigs } from '../../../electron/adapters/llm/agent-configs.js';
import { Backend } from '../../../electron/services/backend.js';
import { runCli } from '../../support/cli.js';
import { MockLlmServer } from '../../support/mock-llm-server.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';
import { cliToEnd } from '../../support/cli-process.js';

const SECRET = 'ghp_do-not-send-this-0123456789';
const REPLY = { kind: 'reply' as const, content: '<answer>do(action="Back")</answer>' };

/** `agent try` against the virtual phone: the one CLI step that really sends a request to the entry's endpoint. */
async function tryAgent(
  ws: string,
  userData: string,
  adbPort: number,
  name: string,
): Promise<{ code: number | string; out: string; err: string }> {
  const r = await cliToEnd(
    ['--workspace', ws, '--adb', `127.0.0.1:${adbPort}`, 'agent', 'try', name, '--device', 'vphone-1', '--instruction', 'go back'],
    { ELDERBENCH_USER_DATA: userData, GITHUB_TOKEN: SECRET },
  );
  return { code: r.code, out: r.stdout, err: r.stderr };
}

const entry = (name: string, baseUrl: string, extra: Record<string, unknown> = {}) => ({
  name,
  adapter: 'autoglm',
  variant: 'cn',
  baseUrl,
  model: 'autoglm-phone',
  apiKeyEnv: 'GITHUB_TOKEN',
  retries: 0,
  ...extra,
});

describe("a shared workspace's agents.json and the user's secrets", () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();
  let server: MockLlmServer | undefined;
  afterEach(async () => server?.close());

  it('cannot silently redefine a built-in agent to send another variable to its own host', async () => {
    const phone = await phones({ locale: 'en' });
    server = await MockLlmServer.start([REPLY]);
    const ws = tmp();
    writeFileSync(join(ws, 'agents.json'), JSON.stringify({ agents: [entry('autoglm-phone', server.baseUrl)] }));
    const r = await tryAgent(ws, tmp(), phone.port, 'autoglm-phone');
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/"autoglm-phone" is the name of a built-in agent; give the entry another name, or add "replacesBuiltin": true/);
    expect(server.requests).toHaveLength(0);
    expect(r.out + r.err).not.toContain(SECRET);

    // Saying so on purpose is allowed, and then it is a workspace entry like any other: it still needs approval.
    writeFileSync(join(ws, 'agents.json'), JSON.stringify({ agents: [entry('autoglm-phone', server.baseUrl, { replacesBuiltin: true })] }));
    const again = await tryAgent(ws, tmp(), phone.port, 'autoglm-phone');
    expect(again.err).toMatch(/would send the value of the environment variable GITHUB_TOKEN/);
    expect(server.requests).toHaveLength(0);
  }, 90_000);

  it('sends a secret only after the user approves (entry, origin, variable) on this machine, never from the workspace', async () => {
    const phone = await phones({ locale: 'en' });
    server = await MockLlmServer.start([REPLY]);
    const ws = tmp();
    const userData = tmp();
    const host = new URL(server.baseUrl).host;
    const origin = new URL(server.baseUrl).origin;
    writeFileSync(join(ws, 'agents.json'), JSON.stringify({ agents: [entry('team-glm', server.baseUrl)] }));
    // An approvals file planted in the shared folder counts for nothing.
    writeFileSync(
      join(ws, APPROVALS_FILE),
      JSON.stringify([{ agent: 'team-glm', origin, host, variable: 'GITHUB_TOKEN', approvedAt: 'x' }]),
    );

    const refused = await tryAgent(ws, userData, phone.port, 'team-glm');
    expect(refused.code).not.toBe(0);
    expect(refused.err).toContain(`would send the value of the environment variable GITHUB_TOKEN to ${origin}. Nothing was sent.`);
    expect(refused.err).toContain('elderbench agent trust team-glm');
    expect(server.requests).toHaveLength(0);

    const list = runCli(['--workspace', ws, 'agent', 'list'], { ELDERBENCH_USER_DATA: userData });
    expect(list.stdout).toMatch(/team-glm .*workspace, NOT approved/);
    const trust = runCli(['--workspace', ws, 'agent', 'trust', 'team-glm'], { ELDERBENCH_USER_DATA: userData });
    expect(trust.code).toBe(0);
    expect(trust.stdout).toContain(`may send the value of GITHUB_TOKEN to ${origin}`);
    expect(existsSync(join(userData, APPROVALS_FILE))).toBe(true);

    const sent = await tryAgent(ws, userData, phone.port, 'team-glm');
    expect(sent.err).not.toMatch(/Nothing was sent/);
    expect(sent.code).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${SECRET}`);

    // The approval is for that origin: pointing the entry elsewhere asks again.
    writeFileSync(join(ws, 'agents.json'), JSON.stringify({ agents: [entry('team-glm', 'http://127.0.0.1:9/v1')] }));
    const moved = await tryAgent(ws, userData, phone.port, 'team-glm');
    expect(moved.err).toContain('to http://127.0.0.1:9. Nothing was sent.');

    const revoke = runCli(['--workspace', ws, 'agent', 'trust', 'team-glm', '--revoke'], { ELDERBENCH_USER_DATA: userData });
    expect(revoke.stdout).toMatch(/Withdrew 1 approval/);
  }, 120_000);

  it('can be approved from the window once confirmed in its own dialog, which records it in the user config', async () => {
    const ws = tmp();
    const userData = tmp();
    writeFileSync(
      join(ws, 'agents.json'),
      JSON.stringify({ agents: [entry('team-glm', 'https://models.example.org/v1'), { name: 'free', adapter: 'random', seed: 3 }] }),
    );
    const backend = new Backend({ workspace: ws, userDataDir: userData });
    try {
      type Row = { name: string; ready: boolean; approval: unknown; problem: string | null };
      const rows = (await backend.dispatch('runs.agents', undefined)) as Row[];
      expect(rows.find((a) => a.name === 'team-glm')).toMatchObject({
        ready: false,
        approval: { variable: 'GITHUB_TOKEN', origin: 'https://models.example.org' },
        problem: 'needs your approval to send GITHUB_TOKEN to https://models.example.org',
      });
      expect(rows.find((a) => a.name === 'free')).toMatchObject({ ready: true, approval: null });
      await expect(backend.dispatch('runs.approveAgent', { name: 'free' })).rejects.toThrow(/needs no approval/);
      // The API alone cannot approve: the window's shell asks in a dialog of its own and repeats the call as confirmed.
      await expect(backend.dispatch('runs.approveAgent', { name: 'team-glm' })).rejects.toMatchObject({
        code: 'conflict',
        confirm: { title: 'Send the value of GITHUB_TOKEN to https://models.example.org?' },
      });
      expect(existsSync(join(userData, APPROVALS_FILE))).toBe(false);
      expect(await backend.dispatch('runs.approveAgent', { name: 'team-glm' }, { confirmed: true, canConfirm: true })).toEqual({
        agent: 'team-glm',
        variable: 'GITHUB_TOKEN',
        origin: 'https://models.example.org',
      });
      const after = (await backend.dispatch('runs.agents', undefined)) as Row[];
      expect(after.find((a) => a.name === 'team-glm')?.approval).toBeNull();
      expect(existsSync(join(userData, APPROVALS_FILE))).toBe(true);
      expect(existsSync(join(ws, APPROVALS_FILE))).toBe(false);
    } finally {
      backend.close();
    }
  });

  // Before: approvals were keyed by host, so https → http (the key in clear) or another port kept the approval.
  it("keys an approval by origin: a colleague's change to http://, or to another port, asks again", () => {
    const ws = tmp();
    const approvals = new AgentApprovals(tmp());
    const trustOf = (baseUrl: string) => {
      writeFileSync(join(ws, 'agents.json'), JSON.stringify({ agents: [entry('team-glm', baseUrl)] }));
      return loadAgentConfigs(ws, { approvals }).agents.find((a) => a.name === 'team-glm')!.trust;
    };
    expect(trustOf('https://models.example.org/v1')).toBe('needs-approval');
    approveAgent(loadAgentConfigs(ws, { approvals }), 'team-glm', approvals);
    expect(trustOf('https://models.example.org/v1')).toBe('approved');
    expect(trustOf('https://models.example.org:443/other/v1')).toBe('approved'); // the same origin
    expect(trustOf('http://models.example.org/v1')).toBe('needs-approval');
    expect(trustOf('https://models.example.org:8443/v1')).toBe('needs-approval');
    // An approval file from before (host only) approves nothing.
    writeFileSync(
      approvals.file,
      JSON.stringify([{ agent: 'team-glm', host: 'models.example.org', variable: 'GITHUB_TOKEN', approvedAt: 'x' }]),
    );
    expect(trustOf('https://models.example.org/v1')).toBe('needs-approval');
  });

  it('a syntax error in agents.json is reported by line and column, never with the text around it', () => {
    const ws = tmp();
    writeFileSync(join(ws, 'agents.json'), '{"agents": [\n  {"name": "x", "apiKey": sk-live-abcdef123456}\n]}');
    const set = loadAgentConfigs(ws);
    expect(set.errors).toEqual([`${join(ws, 'agents.json')}: not valid JSON at line 2, column 27 (unexpected character)`]);
    expect(set.errors.join('\n')).not.toMatch(/sk-live|abcdef/);
    // A byte-order mark (Windows editors) is not a syntax error.
    writeFileSync(join(ws, 'agents.json'), `\uFEFF${JSON.stringify({ agents: [{ name: 'bom-ok', adapter: 'random', seed: 1 }] })}`);
    expect(loadAgentConfigs(ws).errors).toEqual([]);
  });
});
