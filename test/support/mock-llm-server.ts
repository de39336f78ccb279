import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible mock model server for tests: listens on 127.0.0.1, port 0, serves a
 * script of replies (well-formed replies in each agent format, plus faults) and records every
 * request so tests can check roles, image count, history window and sampling parameters.
 * When the script runs out it answers 500 "script exhausted", so a test that sends more
 * requests than it planned fails loudly.
 */
export type MockReply =
  | { kind: 'reply'; content: string; reasoningContent?: string; finishReason?: string; usage?: Record<string, unknown> | null }
  /** An HTTP error status (429, 500, 401…), optionally with Retry-After seconds. */
  | { kind: 'status'; status: number; body?: string; retryAfter?: number }
  /** Never answers; the client's timeout has to fire. */
  | { kind: 'timeout' }
  /** 200 with a body that is not JSON. */
  | { kind: 'malformed' }
  /** 200 with empty content. */
  | { kind: 'empty' }
  /** A reply cut off by max_tokens (finish_reason=length) with a half-written call. */
  | { kind: 'truncated'; content: string }
  /** The connection is dropped half-way through the body (stream or not). */
  | { kind: 'cut' }
  /**
   * 200 and then `bytes` of body, made on the fly in 1 MiB chunks (never held whole here), without a
   * Content-Length: a broken or hostile server. A stream gets one endless `data:` line.
   */
  | { kind: 'flood'; bytes: number };

export interface RecordedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
  messages: { role: string; content: unknown }[];
  roles: string[];
  imageCount: number;
  /** Image count per message, in order (0 for text-only or string content). */
  imagesPerMessage: number[];
  /**
   * What the messages say, without their images: each message's text (its string content, or the text parts of an
   * array), one a line. Tests that find a task by its instruction match here: stringifying the messages, images and
   * all, once per task per request cost the offline-kinds test most of its time.
   */
  text: string;
}

const DEFAULT_USAGE = {
  prompt_tokens: 1200,
  completion_tokens: 80,
  total_tokens: 1280,
  completion_tokens_details: { reasoning_tokens: 0 },
};

/** A message's text: its string content, or the text parts of an array content. */
function textOfMessage(m: { content: unknown }): string {
  if (typeof m.content === 'string') return m.content;
  if (!Array.isArray(m.content)) return '';
  return m.content
    .flatMap((p: { type?: string; text?: unknown }) => (p?.type === 'text' && typeof p.text === 'string' ? [p.text] : []))
    .join('\n');
}

export class MockLlmServer {
  readonly requests: RecordedRequest[] = [];
  /**
   * Answers by content instead of by order when set (returning undefined falls back to the
   * script): e.g. refuse the request whose prompt contains one task's instruction.
   */
  route: ((req: RecordedRequest) => MockReply | undefined) | null = null;
  /** Requests whose client went away before an answer (an aborted or timed-out call). */
  aborted = 0;
  private readonly script: MockReply[] = [];
  private readonly held: ServerResponse[] = [];

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
  ) {}

  static async start(script: MockReply[] = []): Promise<MockLlmServer> {
    let self: MockLlmServer | null = null;
    const server = createServer((req, res) => void self!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    self = new MockLlmServer(server, `http://127.0.0.1:${port}/v1`);
    self.push(...script);
    return self;
  }

  push(...replies: MockReply[]): void {
    this.script.push(...replies);
  }

  get remaining(): number {
    return this.script.length;
  }

  async close(): Promise<void> {
    for (const r of this.held) r.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    } catch {
      res.writeHead(400).end('{"error":{"message":"request body is not JSON"}}');
      return;
    }
    const messages = (Array.isArray(body.messages) ? body.messages : []) as RecordedRequest['messages'];
    const imagesPerMessage = messages.map((m) =>
      Array.isArray(m.content) ? m.content.filter((p: { type?: string }) => p?.type === 'image_url').length : 0,
    );
    const recorded: RecordedRequest = {
      path: req.url ?? '',
      headers: req.headers,
      body,
      messages,
      roles: messages.map((m) => m.role),
      imageCount: imagesPerMessage.reduce((a, b) => a + b, 0),
      imagesPerMessage,
      text: messages.map(textOfMessage).join('\n'),
    };
    this.requests.push(recorded);
    res.once('close', () => {
      if (!res.writableEnded) this.aborted++;
    });
    if (req.url !== '/v1/chat/completions') {
      res.writeHead(404).end('{"error":{"message":"unknown path"}}');
      return;
    }
    const next = this.route?.(recorded) ??
      this.script.shift() ?? { kind: 'status', status: 500, body: '{"error":{"message":"mock script exhausted"}}' };
    this.answer(next, body.stream === true, res);
  }

  private answer(r: MockReply, stream: boolean, res: ServerResponse): void {
    switch (r.kind) {
      case 'status':
        res.writeHead(r.status, {
          'content-type': 'application/json',
          ...(r.retryAfter !== undefined ? { 'retry-after': String(r.retryAfter) } : {}),
        });
        res.end(r.body ?? `{"error":{"message":"mock status ${r.status}"}}`);
        return;
      case 'timeout':
        this.held.push(res);
        return;
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": [ {"message": ');
        return;
      case 'cut':
        res.writeHead(200, { 'content-type': stream ? 'text/event-stream' : 'application/json' });
        res.write(stream ? `data: ${JSON.stringify(chunk({ content: 'Thought: ha' }))}\n\n` : '{"choices":[{"message":{"content":"Tho');
        setImmediate(() => res.destroy());
        return;
      case 'flood': {
        res.writeHead(200, { 'content-type': stream ? 'text/event-stream' : 'application/json' });
        const chunk = Buffer.alloc(1024 * 1024, 0x61);
        let sent = 0;
        res.write(stream ? 'data: {"choices":[{"delta":{"content":"' : '{"choices":[{"message":{"content":"');
        const pump = (): void => {
          while (sent < r.bytes && !res.destroyed) {
            sent += chunk.length;
            if (!res.write(chunk)) {
              res.once('drain', pump);
              return;
            }
          }
          if (!res.destroyed) res.end('"}}]}');
        };
        pump();
        return;
      }
      case 'empty':
        return this.reply({ content: '', finishReason: 'stop', usage: DEFAULT_USAGE }, stream, res);
      case 'truncated':
        return this.reply({ content: r.content, finishReason: 'length', usage: DEFAULT_USAGE }, stream, res);
      case 'reply':
        return this.reply(
          {
            content: r.content,
            reasoningContent: r.reasoningContent,
            finishReason: r.finishReason ?? 'stop',
            usage: r.usage === undefined ? DEFAULT_USAGE : r.usage,
          },
          stream,
          res,
        );
    }
  }

  private reply(
    r: { content: string; reasoningContent?: string; finishReason: string; usage: Record<string, unknown> | null },
    stream: boolean,
    res: ServerResponse,
  ): void {
    if (!stream) {
      const message: Record<string, unknown> = { role: 'assistant', content: r.content };
      if (r.reasoningContent !== undefined) message.reasoning_content = r.reasoningContent;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'mock',
          object: 'chat.completion',
          model: 'mock',
          choices: [{ index: 0, message, finish_reason: r.finishReason }],
          ...(r.usage ? { usage: r.usage } : {}),
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    if (r.reasoningContent) res.write(`data: ${JSON.stringify(chunk({ reasoning_content: r.reasoningContent }))}\n\n`);
    // Split into several deltas, as real servers do (cuts may fall inside multi-byte characters' strings).
    const parts = [...r.content];
    for (let i = 0; i < parts.length; i += 7) res.write(`data: ${JSON.stringify(chunk({ content: parts.slice(i, i + 7).join('') }))}\n\n`);
    res.write(`data: ${JSON.stringify({ ...chunk({}), choices: [{ index: 0, delta: {}, finish_reason: r.finishReason }] })}\n\n`);
    // The usage-only final chunk: choices is empty (stream_options.include_usage).
    if (r.usage) res.write(`data: ${JSON.stringify({ id: 'mock', object: 'chat.completion.chunk', choices: [], usage: r.usage })}\n\n`);
    res.end('data: [DONE]\n\n');
  }
}

function chunk(delta: Record<string, unknown>): Record<string, unknown> {
  return { id: 'mock', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }] };
}

/** Well-formed replies in each agent's format (their documented examples), for scripting step sequences. */
export const FORMAT_REPLIES = {
  autoglm: [
    '<think>需要先打开设置。</think><answer>do(action="Launch", app="设置")</answer>',
    '<think>点击声音选项。</think><answer>do(action="Tap", element=[500,420])</answer>',
    '<think>向上滑动查找音量。</think><answer>do(action="Swipe", start=[500,800], end=[500,300])</answer>',
    '<think>已完成。</think><answer>finish(message="已将音量调大。")</answer>',
  ],
  uitars: [
    "Thought: 我需要先打开设置应用。\nAction: open_app(app_name='Settings')",
    "Thought: Tap the search bar at the top.\nAction: click(start_box='(546,182)')",
    "Thought: Enter the query and submit.\nAction: type(content='volume\\n')",
    "Thought: Done.\nAction: finished(content='Volume is up.')",
  ],
  'uitars-doubao': [
    "Thought: Click the Wi-Fi entry.\nAction: click(point='<point>512 230</point>')",
    "Thought: Scroll.\nAction: scroll(point='<point>500 500</point>', direction='down')",
    "Thought: Done.\nAction: finished(content='ok')",
  ],
  guiowl: [
    'Action: Open the Settings app.\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "open", "text": "Settings"}}\n</tool_call>',
    'Action: Tap the "Display" entry.\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "click", "coordinate": [503, 412]}}\n</tool_call>',
    'Action: Scroll down the list.\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "swipe", "coordinate": [500, 750], "coordinate2": [500, 300]}}\n</tool_call>',
    'Action: Tap "Font size".\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "click", "coordinate": [300, 600]}}\n</tool_call>',
    'Action: Make it bigger.\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "click", "coordinate": [900, 600]}}\n</tool_call>',
    'Action: Task done.\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "terminate", "status": "success"}}\n</tool_call>',
  ],
  uivenus: [
    '<think>The search box is at the top.</think>\n<action>Click(box=(512,86))</action>\n<conclusion>Tapped the search box.</conclusion>',
    "<think>…</think>\n<action>Type(content='杭州天气')</action>\n<conclusion>Typed the query.</conclusion>",
    "<think>…</think>\n<action>CallUser(content='杭州今天晴，25度')</action>\n<conclusion>Reported the answer.</conclusion>",
    "<think>…</think>\n<action>Finished(content='')</action>\n<conclusion>Done.</conclusion>",
  ],
  'qwen-vl': [
    'Thought: Open settings.\nAction: "Open Settings."\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "click", "coordinate": [447, 81]}}\n</tool_call>',
    'Thought: Go back.\nAction: "Go back."\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "system_button", "button": "Back"}}\n</tool_call>',
    'Thought: Done.\nAction: "Finish."\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "terminate", "status": "success"}}\n</tool_call>',
  ],
  vlm: [
    'Thought: The volume setting is under Sound.\n{"action": "tap", "point": [500, 420]}',
    'Thought: Scroll for more.\n{"action": "scroll", "direction": "down"}',
    'Thought: Done.\n{"action": "finish", "status": "success", "message": "Volume raised."}',
  ],
} as const;
