import type { SQL } from 'bun'

/** What a change is about: the rows another process re-reads when told. */
export type ChangeTopic = 'settings' | 'wants' | 'crawler_control' | 'queue' | 'fetch_requests'

/** Topics whose listeners re-read when the subscription comes back: the changes missed meanwhile are lost. */
const REREAD_ON_RESUBSCRIBE: readonly ChangeTopic[] = ['settings', 'wants', 'crawler_control', 'fetch_requests']

/** Channels are identifiers: at most 63 bytes. */
const MAX_CHANNEL_BYTES = 63

/**
 * The index's changes between processes (issue 36): a write stores its rows and sends a NOTIFY in
 * the same transaction (so it arrives on commit, and never for a rollback), and every store LISTENs
 * on the primary (a standby cannot). One channel per schema, so indexes sharing a database do not
 * hear each other. Each store signs its notifications, so a process is not told of its own change,
 * as no SQLite store ever is.
 */
export interface ChangeFeed {
  /** Sends the change on `tx` (a transaction or the pool); delivered when it commits. */
  announce(tx: SQL, topic: ChangeTopic, detail?: string): Promise<void>
  /** `listener` is told the change's detail when another process announced `topic`. */
  on(topic: ChangeTopic, listener: (detail: string) => void): () => void
  close(): Promise<void>
}

interface Announcement {
  origin: string
  topic: ChangeTopic
  detail: string
}

export async function openChangeFeed(primary: SQL): Promise<ChangeFeed> {
  const [{ schema }] = await primary`SELECT current_schema() AS schema`
  const channel = channelOf(schema)
  const origin = crypto.randomUUID()
  const listeners = new Map<ChangeTopic, Set<(detail: string) => void>>()
  const tell = (topic: ChangeTopic, detail: string) => {
    for (const listener of listeners.get(topic) ?? []) listener(detail)
  }
  let subscribed = false
  const subscription = await primary.listen(
    channel,
    (payload) => {
      const change = parseAnnouncement(payload)
      if (change && change.origin !== origin) tell(change.topic, change.detail)
    },
    () => {
      // The first LISTEN comes before any caller read; a later one follows a lost connection.
      if (subscribed) for (const topic of REREAD_ON_RESUBSCRIBE) tell(topic, '')
      subscribed = true
    },
  )
  return {
    async announce(tx, topic, detail = '') {
      const change: Announcement = { origin, topic, detail }
      await tx`SELECT pg_notify(${channel}, ${JSON.stringify(change)})`
    },
    on(topic, listener) {
      const set = listeners.get(topic) ?? new Set()
      listeners.set(topic, set)
      set.add(listener)
      return () => void set.delete(listener)
    },
    close: () => subscription.unlisten(),
  }
}

/** A notification on the channel; null for one not sent by a store (anyone may NOTIFY): a listener that threw would take the process down. */
function parseAnnouncement(payload: string): Announcement | null {
  try {
    const change = JSON.parse(payload)
    return typeof change?.origin === 'string' && typeof change.topic === 'string' && typeof change.detail === 'string' ? change : null
  } catch {
    return null
  }
}

/** The schema's channel, readable in pg_stat_activity; hashed when the schema's name is too long for one. */
export function channelOf(schema: string): string {
  const readable = `indexer_changes_${schema}`
  if (Buffer.byteLength(readable) <= MAX_CHANNEL_BYTES) return readable
  return `indexer_changes_${new Bun.CryptoHasher('sha256').update(schema).digest('hex').slice(0, 40)}`
}
