/**
 * Reads an OpenAI-style server-sent-event stream of chat completion chunks.
 * The usage arrives in a final chunk whose `choices` is empty (stream_options.include_usage);
 * we read it instead of skipping it as Open-AutoGLM does.
 */
export interface StreamedReply {
  content: string;
  reasoningContent: string;
  finishReason: string | null;
  usage: unknown;
  done: boolean;
}

export class StreamFormatError extends Error {
  override readonly name = 'StreamFormatError';
}

export async function readChatStream(body: ReadableStream<Uint8Array>): Promise<StreamedReply> {
  const out: StreamedReply = { content: '', reasoningContent: '', finishReason: null, usage: null, done: false };
  const decoder = new TextDecoder();
  let buffer = '';
  const handle = (line: string): void => {
    const t = line.trim();
    if (!t.startsWith('data:')) return;
    const data = t.slice(5).trim();
    if (data === '[DONE]') {
      out.done = true;
      return;
    }
    let chunk: { choices?: { delta?: { content?: unknown; reasoning_content?: unknown }; finish_reason?: unknown }[]; usage?: unknown };
    try {
      chunk = JSON.parse(data) as typeof chunk;
    } catch {
      throw new StreamFormatError(`a stream chunk is not JSON: ${data.slice(0, 80)}`);
    }
    if (chunk.usage) out.usage = chunk.usage;
    for (const c of chunk.choices ?? []) {
      if (typeof c.delta?.content === 'string') out.content += c.delta.content;
      if (typeof c.delta?.reasoning_content === 'string') out.reasoningContent += c.delta.reasoning_content;
      if (typeof c.finish_reason === 'string') out.finishReason = c.finish_reason;
    }
  };
  const reader = body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      handle(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
    }
  }
  if (buffer.trim()) handle(buffer);
  return out;
}
