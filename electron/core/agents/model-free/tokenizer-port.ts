/**
 * Word segmentation for the heuristic agent. The implementation (@node-rs/jieba, a native
 * module) lives in electron/adapters/nlp; tests can pass a fake.
 */
export interface TokenizerPort {
  /** Splits Chinese text into words; other scripts may pass through as they are. */
  cut(text: string): string[];
}
