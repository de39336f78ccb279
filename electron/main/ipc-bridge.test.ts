import { describe, expect, it } from 'vitest';
import { IPC_PREFIX, METHOD_CHANNELS } from '../../shared/api/index.js';
import type { IpcMainLike, IpcReply } from './ipc-bridge.js';
import { isOwnRendererUrl, registerApiHandlers } from './ipc-bridge.js';

type Handler = Parameters<IpcMainLike['handle']>[1];

function fakeIpc(): { ipc: IpcMainLike; handlers: Map<string, Handler> } {
  const handlers = new Map<string, Handler>();
  return { ipc: { handle: (c, h) => void handlers.set(c, h) }, handlers };
}

const OWN = 'app://elderbench/index.html';

describe('registerApiHandlers', () => {
  it('registers exactly one prefixed channel per API method', () => {
    const { ipc, handlers } = fakeIpc();
    registerApiHandlers(
      ipc,
      async () => ({ result: null }),
      () => true,
    );
    expect([...handlers.keys()].sort()).toEqual(METHOD_CHANNELS.map((c) => IPC_PREFIX + c.channel).sort());
  });

  it('refuses calls from frames other than our renderer, before forwarding', async () => {
    const { ipc, handlers } = fakeIpc();
    let forwarded = 0;
    registerApiHandlers(ipc, async () => (forwarded++, { result: 1 }), isOwnRendererUrl);
    const call = handlers.get(`${IPC_PREFIX}settings.get`)!;
    const bad = (await call({ senderFrame: { url: 'https://evil.example/' } })) as IpcReply;
    expect(bad).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    const none = (await call({ senderFrame: null })) as IpcReply;
    expect(none.ok).toBe(false);
    expect(forwarded).toBe(0);
    expect(await call({ senderFrame: { url: OWN } })).toEqual({ ok: true, result: 1 });
  });

  it('validates the argument with the contract schema before forwarding', async () => {
    const { ipc, handlers } = fakeIpc();
    const seen: unknown[] = [];
    registerApiHandlers(
      ipc,
      async (c, i) => (seen.push([c, i]), { result: 'ok' }),
      () => true,
    );
    const update = handlers.get(`${IPC_PREFIX}settings.update`)!;
    expect(await update({ senderFrame: { url: OWN } }, { uiScale: 'big' })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await update({ senderFrame: { url: OWN } }, { uiScale: 1.5 })).toEqual({ ok: true, result: 'ok' });
    expect(seen).toEqual([['settings.update', { uiScale: 1.5 }]]);
  });

  it('passes backend errors through and reports an unreachable backend as unavailable', async () => {
    const { ipc, handlers } = fakeIpc();
    registerApiHandlers(
      ipc,
      async (c) => {
        if (c === 'tasks.get') return { error: { code: 'not_found', message: 'no task' } };
        throw new Error('ECONNREFUSED');
      },
      () => true,
    );
    expect(await handlers.get(`${IPC_PREFIX}tasks.get`)!({ senderFrame: { url: OWN } }, { id: 'x' })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'no task' },
    });
    expect(await handlers.get(`${IPC_PREFIX}settings.get`)!({ senderFrame: { url: OWN } })).toMatchObject({
      ok: false,
      error: { code: 'unavailable' },
    });
  });

  it("puts a confirmation request to the user in the shell's own dialog, and repeats the call as confirmed only on a yes", async () => {
    const request = {
      title: 'Send GITHUB_TOKEN to https://models.example.org?',
      detail: 'entry team-glm',
      cli: 'elderbench agent trust team-glm',
    };
    const calls: { channel: string; confirmed: boolean }[] = [];
    const forward = async (channel: string, _input: unknown, opts?: { confirmed?: boolean }) => {
      calls.push({ channel, confirmed: opts?.confirmed === true });
      return opts?.confirmed
        ? { result: { agent: 'team-glm' } }
        : { error: { code: 'conflict' as const, message: `${request.title} — this needs your confirmation`, confirm: request } };
    };
    const asked: unknown[] = [];
    for (const answer of [false, true]) {
      const { ipc, handlers } = fakeIpc();
      registerApiHandlers(
        ipc,
        forward,
        () => true,
        undefined,
        async (r) => (asked.push(r), answer),
      );
      const reply = await handlers.get(`${IPC_PREFIX}runs.approveAgent`)!({ senderFrame: { url: OWN } }, { name: 'team-glm' });
      expect(reply).toEqual(
        answer ? { ok: true, result: { agent: 'team-glm' } } : { ok: false, error: expect.objectContaining({ confirm: request }) },
      );
    }
    expect(asked).toEqual([request, request]);
    expect(calls).toEqual([
      { channel: 'runs.approveAgent', confirmed: false },
      { channel: 'runs.approveAgent', confirmed: false },
      { channel: 'runs.approveAgent', confirmed: true },
    ]);
    // Without a dialog of its own (the default), nothing is ever confirmed.
    const { ipc, handlers } = fakeIpc();
    calls.length = 0;
    registerApiHandlers(ipc, forward, () => true);
    expect(await handlers.get(`${IPC_PREFIX}runs.approveAgent`)!({ senderFrame: { url: OWN } }, { name: 'team-glm' })).toMatchObject({
      ok: false,
    });
    expect(calls.every((c) => !c.confirmed)).toBe(true);
  });

  it('recognises only our own app://elderbench page as trusted (not file://, not another app: host)', () => {
    expect(isOwnRendererUrl(OWN)).toBe(true);
    expect(isOwnRendererUrl('app://elderbench/#/runs')).toBe(true);
    expect(isOwnRendererUrl('file:///app/dist/renderer/index.html')).toBe(false);
    expect(isOwnRendererUrl('app://evil/index.html')).toBe(false);
    expect(isOwnRendererUrl('http://elderbench/index.html')).toBe(false);
    expect(isOwnRendererUrl('not a url')).toBe(false);
  });
});
