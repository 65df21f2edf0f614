import { heapStats } from 'bun:jsc'
import { randomBytes } from 'node:crypto'
import type { Logger } from '../../log'
import { parseInfoDict, type TorrentMetainfo } from '../../metainfo'
import type { PeerAddress } from '../protocol/compact'
import { bump, emptyStats, type CrawlStats } from './crawl-stats'
import { startDhtNode, type DhtNode } from '../protocol/dht-node'
import { SilenceWatch } from './silence-watch'
import { ExpiringSet } from './expiring-set'
import { FetchError } from '../protocol/fetch-error'
import { fetchMetadata } from '../protocol/fetch-metadata'
import type { KnownHashes } from './known-hashes'
import type { CrawlerSettings, CrawlerWarningCode, FetchOrder } from '../thread/messages'
import { NodeTable } from './node-table'
import { lookUpPeers } from '../protocol/peer-lookup'
import { runRequestedFetch } from './requested-fetch'
import { loadCrawlerState, saveCrawlerState } from './state-file'
import { createSwarmChecks } from './swarm-checks'
import { threadCpuSeconds } from '../thread/thread-cpu'
import { TokenBucket } from './token-bucket'
import type { DueSwarmsReader } from '../store-port'
import { createTriage, type FetchJob } from './triage'
import { walkStep } from './walk'

export interface CrawlerOutput {
  metainfo(metainfo: TorrentMetainfo, seeders: number | null, leechers: number | null, requested: boolean): void
  fetchAttempt(infoHash: string, detail: string): void
  /** A swarm check the DHT answered; null counts where no node sent a BEP 33 filter. */
  swarm(infoHash: string, seeders: number | null, leechers: number | null): void
  warning(code: CrawlerWarningCode, message: string): void
  recovered(): void
}

const TICK_MS = 100
/** bitmagnet caps metadata at 10 MiB; real info dicts above 2 MiB are rare. */
const MAX_METADATA_BYTES = 10 * 1024 * 1024
/** One peer's whole exchange; a peer on a home link answers in well under a second. */
const PEER_TIMEOUT_MS = 6_000
const CONNECT_TIMEOUT_MS = 3_000
const PEERS_PER_HASH = 6
/** A hash whose fetch failed is tried again after this long: the swarm may have changed. */
const RETRY_FAILED_AFTER_MS = 30 * 60_000
const REMEMBERED_HASHES = 50_000
const SAVE_STATE_EVERY_MS = 5 * 60_000
const SAVED_NODES = 500
const CATCH_UP_EVERY_MS = 60_000
const SILENCE_WARNING_MS = 5 * 60_000
const OFFERED_HASHES = 1_000
const RESEED_EVERY_MS = 60_000
/** Of the query budget, the scheduled swarm re-check may spend at most this share: the crawl keeps the rest. */
const RECHECK_BUDGET_SHARE = 0.5
/** A fetch asked for walks further than the crawl's: one hash, and someone is waiting for it. */
const REQUESTED_LOOKUP_ROUNDS = 6
const REQUESTED_PEERS = 16

/**
 * The crawl: walk the DHT for info hashes (BEP 51 samples, plus hashes others ask us for or
 * announce to us), skip the ones the index holds or recently failed, find peers for the rest
 * (get_peers with a BEP 33 scrape) and fetch their metadata (BEP 9), all under one query budget
 * and a bounded number of concurrent fetches. Stored torrents' swarms are checked again (BEP 33)
 * when searched for and on SERVICE_DHT_RESCRAPE_INTERVAL's schedule, from the same budget.
 * Verified metainfo and swarm counts leave through `output`.
 */
export async function startCrawler(
  settings: CrawlerSettings,
  index: { known: KnownHashes; dueSwarms: DueSwarmsReader | null },
  output: CrawlerOutput,
  log: Logger,
  initial: { crawling: boolean },
) {
  const stats: CrawlStats = emptyStats()
  const startedAt = Date.now()
  const { state, problem } = loadCrawlerState(settings.statePath)
  if (problem) log.warn('crawler state not loaded', { problem })

  const table = new NodeTable(settings.maxNodes)
  const budget = new TokenBucket(settings.queriesPerSecond, startedAt)
  const recheckShare = settings.queriesPerSecond * RECHECK_BUDGET_SHARE
  const recheckBudget = new TokenBucket(recheckShare, startedAt, Math.max(1, recheckShare))
  const waiting: (() => void)[] = []
  /** Query tokens for the scheduled re-checks: served within their share of the budget. */
  const waitingRecheck: (() => void)[] = []
  /** Query tokens for the fetches asked for: served first, and the only ones served while not crawling. */
  const waitingRequested: (() => void)[] = []
  const requested = new Set<string>()
  let crawling = initial.crawling
  const failedRecently = new ExpiringSet(RETRY_FAILED_AFTER_MS, REMEMBERED_HASHES)
  const fetchedRecently = new ExpiringSet(RETRY_FAILED_AFTER_MS, REMEMBERED_HASHES)
  const fetching = new Set<string>()
  const offered: Uint8Array[] = []
  const peerId = Buffer.concat([Buffer.from('-DI0100-'), randomBytes(12)])
  const queueLimit = settings.metadataFetches * 8
  const triage = createTriage({
    known: index.known,
    queueLimit,
    // Others still ask us and announce while we are paused; their hashes wait for a later sample.
    isBusy: (infoHash) => !crawling || fetching.has(infoHash) || requested.has(infoHash),
    triedLately: (infoHash, now) => failedRecently.has(infoHash, now) || fetchedRecently.has(infoHash, now),
    discovered: (source) => bump(stats.discovered, source),
    log,
  })
  const { consider, queued } = triage
  let reseededAt = startedAt

  const node: DhtNode = await startDhtNode(
    {
      nodeId: Buffer.from(state.nodeId, 'hex'),
      host: settings.host,
      port: settings.port,
      bootstrap: [...state.nodes, ...settings.bootstrap],
      stats,
      recentHashes: () => offered,
      // Paused (or off hours): not one query, the library's own pings included, unless a fetch
      // asked for is looking for peers.
      mayQuery: () => crawling || requested.size > 0,
    },
    {
      onQuerier: (contact) => table.add(contact, Date.now()),
      onWanted: (infoHash) => consider(infoHash, 'get_peers', {}),
      onAnnounced: (infoHash, peer) => consider(infoHash, 'announce_peer', { peer }),
      onWarning: (err) => log.debug('dht warning', { err }),
    },
  )
  for (const contact of [...state.nodes, ...settings.bootstrap]) table.add(contact, startedAt)

  const acquire = () => new Promise<void>((resolve) => waiting.push(resolve))
  const acquireRequested = () => new Promise<void>((resolve) => waitingRequested.push(resolve))
  const acquireRecheck = () => new Promise<void>((resolve) => waitingRecheck.push(resolve))

  const { dueSwarms } = index
  const swarmChecks = createSwarmChecks({
    lookUp: (infoHash, trigger) =>
      lookUpPeers(node, {
        infoHash,
        startNodes: [],
        knownPeers: [],
        maxPeers: PEERS_PER_HASH,
        untilFiltered: true,
        acquire: trigger === 'schedule' ? acquireRecheck : acquire,
        onAnswer: (contact, id) => table.responded(contact, id, Date.now()),
        onSilence: (contact) => table.failed(contact),
      }),
    report: output.swarm,
    schedule:
      dueSwarms && settings.rescrape.intervalMs !== null
        ? {
            intervalMs: settings.rescrape.intervalMs,
            perSecond: settings.rescrape.perSecond,
            readDue: (before, cursor, limit) => dueSwarms.dueSwarms(before, cursor, limit),
          }
        : null,
    stats,
    log,
    startMs: startedAt,
  })

  async function fetchRequested(order: FetchOrder): Promise<void> {
    if (requested.has(order.infoHash)) return
    requested.add(order.infoHash)
    output.fetchAttempt(order.infoHash, 'looking for peers')
    const target = Buffer.from(order.infoHash, 'hex')
    try {
      const result = await runRequestedFetch(order, {
        lookUp: (infoHash) =>
          lookUpPeers(node, {
            infoHash,
            startNodes: [...node.closest(infoHash, 4), ...table.closest(target, 4)],
            knownPeers: [],
            maxPeers: REQUESTED_PEERS,
            rounds: REQUESTED_LOOKUP_ROUNDS,
            acquire: acquireRequested,
            onAnswer: (contact, id) => table.responded(contact, id, Date.now()),
            onSilence: (contact) => table.failed(contact),
          }),
        fetchFrom: firstVerified,
        isCancelled: () => !requested.has(order.infoHash),
        attempted: (detail) => output.fetchAttempt(order.infoHash, detail),
      })
      if (!result || !requested.has(order.infoHash)) return
      let metainfo: TorrentMetainfo
      try {
        metainfo = parseInfoDict(result.info, settings.limits)
      } catch (err) {
        output.fetchAttempt(order.infoHash, `the metadata is not a valid info dict: ${(err as Error).message}`)
        return
      }
      stats.fetched++
      output.metainfo(metainfo, result.seeders, result.leechers, true)
    } finally {
      requested.delete(order.infoHash)
    }
  }

  async function fetchOne(job: FetchJob): Promise<void> {
    const hash = Buffer.from(job.infoHash, 'hex')
    try {
      const found = await lookUpPeers(node, {
        infoHash: hash,
        startNodes: job.nodes,
        knownPeers: job.peers,
        maxPeers: PEERS_PER_HASH,
        acquire,
        onAnswer: (contact, id) => table.responded(contact, id, Date.now()),
        onSilence: (contact) => table.failed(contact),
      })
      if (found.peers.length === 0) throw new FetchError('no_peers', 'no peer has it')
      const info = await firstVerified(job.infoHash, found.peers)
      let metainfo: TorrentMetainfo
      try {
        metainfo = parseInfoDict(info, settings.limits)
      } catch (err) {
        throw new FetchError('bad_metainfo', (err as Error).message)
      }
      stats.fetched++
      fetchedRecently.add(job.infoHash, Date.now())
      offered.push(hash)
      if (offered.length > OFFERED_HASHES) offered.shift()
      output.metainfo(metainfo, found.seeders, found.leechers, false)
    } catch (err) {
      const reason = err instanceof FetchError ? err.reason : 'closed'
      bump(stats.failed, reason)
      failedRecently.add(job.infoHash, Date.now())
      log.debug('metadata fetch failed', { infoHash: job.infoHash, reason, err })
    }
  }

  async function firstVerified(infoHash: string, peers: PeerAddress[]): Promise<Uint8Array> {
    let last: unknown
    for (const peer of peers) {
      try {
        return await fetchMetadata({
          infoHash,
          peer,
          peerId,
          peerPort: settings.peerPort,
          clientName: settings.clientName,
          maxBytes: MAX_METADATA_BYTES,
          timeoutMs: PEER_TIMEOUT_MS,
          connectTimeoutMs: CONNECT_TIMEOUT_MS,
        })
      } catch (err) {
        last = err
        log.debug('peer gave no metadata', { infoHash, peer: `${peer.host}:${peer.port}`, err })
      }
    }
    throw last
  }

  function startFetches(): void {
    for (const [infoHash, job] of queued) {
      if (fetching.size >= settings.metadataFetches) return
      queued.delete(infoHash)
      fetching.add(infoHash)
      void fetchOne(job).finally(() => fetching.delete(infoHash))
    }
  }

  function tick(): void {
    const now = Date.now()
    while (waitingRequested.length && budget.take(now)) waitingRequested.shift()!()
    if (!crawling) return
    // Scheduled re-checks go first, but only within their share: they cannot starve the crawl.
    while (waitingRecheck.length && recheckBudget.canTake(now) && budget.take(now)) {
      recheckBudget.take(now)
      waitingRecheck.shift()!()
    }
    // Fetches already under way are paid next: their hashes are the crawl's yield.
    while (waiting.length && budget.take(now)) waiting.shift()!()
    triage.confirm()
    if (queued.size < queueLimit) walkStep({ node, table, now, take: () => budget.take(now), consider, log })
    // Every node gone (the link was down): back to the routers, once a minute rather than each tick.
    if (table.size === 0 && now - reseededAt > RESEED_EVERY_MS) {
      reseededAt = now
      for (const contact of settings.bootstrap) table.add(contact, now)
    }
    startFetches()
    swarmChecks.tick(now)
  }

  const silence = new SilenceWatch(SILENCE_WARNING_MS, startedAt)
  let resumedAt = startedAt
  function watchSilence(): void {
    // Silence is expected while we ask nothing; it is judged afresh from the resume.
    if (!crawling) return
    const change = silence.check(Date.now(), Math.max(stats.lastResponseAt ?? resumedAt, resumedAt))
    if (change === 'recovered') output.recovered()
    else if (change)
      output.warning(
        'no_responses',
        `no DHT node has answered for ${Math.round(change.warn / 60_000)} minutes; is UDP ${settings.port} reachable?`,
      )
  }

  const saveState = () => {
    try {
      saveCrawlerState(settings.statePath, { nodeId: state.nodeId, nodes: table.responsive(SAVED_NODES) })
    } catch (err) {
      log.warn('crawler state not saved', { path: settings.statePath, err })
    }
  }

  const timers = [
    setInterval(tick, TICK_MS),
    setInterval(watchSilence, 10_000),
    setInterval(saveState, SAVE_STATE_EVERY_MS),
    setInterval(() => {
      index.known.catchUp().catch((err) => log.warn('known hashes not caught up', { err }))
    }, CATCH_UP_EVERY_MS),
  ]

  return {
    port: node.address().port,
    nodeId: state.nodeId,
    savedNodes: state.nodes.length,
    /** Paused or off hours (false): no walk, no crawl fetches, no scrapes; the fetches asked for go on. */
    setCrawling(next: boolean): void {
      if (next && !crawling) resumedAt = Date.now()
      crawling = next
    },
    fetch(order: FetchOrder): void {
      void fetchRequested(order)
    },
    cancelFetch(infoHash: string): void {
      requested.delete(infoHash)
    },
    /** Queues BEP 33 scrapes for stored torrents, skipping any scraped for a search within the hour. */
    refreshSwarms(infoHashes: string[]): void {
      if (crawling) swarmChecks.refresh(infoHashes, Date.now())
    },
    stats(): CrawlStats {
      stats.fetchesInFlight = fetching.size
      stats.queued = queued.size
      stats.nodes = table.size
      stats.routingNodes = node.routingTableSize()
      stats.cpuSeconds = threadCpuSeconds()
      stats.heapBytes = heapStats().heapSize
      return stats
    },
    async stop(): Promise<void> {
      for (const timer of timers) clearInterval(timer)
      saveState()
      await node.stop()
    },
  }
}

export type RunningCrawler = Awaited<ReturnType<typeof startCrawler>>
