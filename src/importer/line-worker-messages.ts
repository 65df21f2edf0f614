/**
 * What the import session and its line workers say to each other (STYLE 12). Plain data only. A
 * chunk's results cross as one JSON string: the writer's thread decodes it about three times
 * faster than it receives the same objects structured-cloned (bench/ingest.ts, "hand-off"), and
 * that thread is the import's limit.
 */
import type { MetainfoLimits } from '../metainfo'

export type LineWorkerRequest =
  /** Build the classifier from the same rule files as the writer's; parse to the same limits. */
  | { type: 'init'; rulesPath: string | null; limits: MetainfoLimits }
  /** Parse and classify a chunk of JSON lines; the answer keeps their order. */
  | { type: 'parse'; chunkId: number; lines: string[] }

export type LineWorkerReply =
  | { type: 'ready' }
  /** `results` is the JSON of a ParsedLine[], one per line, in order. */
  | { type: 'parsed'; chunkId: number; results: string }
  /** The rules would not load, or a chunk threw: the session parses that chunk itself. */
  | { type: 'failed'; chunkId: number | null; message: string }
