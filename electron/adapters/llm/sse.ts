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

/** `chunks` is the body, already bounded by the caller (see boundedChunks): the reply cannot grow past its cap. */
export async function readChatStream(chunks: AsyncIterable<Uint8Array>): Promise<StreamedReply> {
  const out: StreamedReply = { content: '', reasoningContent: '', finishReason: null, usage: null, done: false };
  const decoder = new TextDecoder();
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
  // The line being received, in pieces: only each new chunk is searched for a line break, so a
  // long line costs its length once (re-scanning a growing string would cost its square).
  let pending: string[] = [];
  const feed = (text: string): void => {
    const lines = text.split('\n');
    if (lines.length === 1) {
      pending.push(text);
      return;
    }
    handle(pending.join('') + lines[0]!);
    for (let i = 1; i < lines.length - 1; i++) handle(lines[i]!);
    pending = [lines[lines.length - 1]!];
  };
  for await (const value of chunks) feed(decoder.decode(value, { stream: true }));
  feed(decoder.decode());
  const rest = pending.join('');
  if (rest.trim()) handle(rest);
  return out;
}
