import type { ParsedLine } from './import-line'

/**
 * What the import session and its line workers say to each other (STYLE 12). Plain data only: a
 * parsed line's item and its classification are structured-cloned across the thread boundary.
 */
export type LineWorkerRequest =
  /** Build the classifier from the same rule files as the writer's. */
  | { type: 'init'; rulesPath: string | null }
  /** Parse and classify a chunk of JSON lines; the answer keeps their order. */
  | { type: 'parse'; chunkId: number; lines: string[] }

export type LineWorkerReply =
  | { type: 'ready' }
  | { type: 'parsed'; chunkId: number; results: ParsedLine[] }
  /** The rules would not load, or a chunk threw: the session parses that chunk itself. */
  | { type: 'failed'; chunkId: number | null; message: string }
