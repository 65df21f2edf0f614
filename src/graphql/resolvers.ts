import { GraphQLError } from 'graphql'
import { isTagName, TAG_MAX_LENGTH } from '../vocabulary'
import type { EvidenceStore } from '../evidence'
import type { HealthCheck } from '../health'
import type { JobStatus, QueueService, QueueStore, WorkerRegistry } from '../queue'
import { type SearchQuery, type SearchResult, SearchTimeoutError } from '../search'
import { type OperatorEditsStore, REPROCESS_BATCH_QUEUE, REPROCESS_QUEUE } from '../torrents'
import { toAggregations } from './aggregations'
import { type BlockListDeps, createBlockListResolvers } from './block-list-resolvers'
import { type CrawlerControlDeps, createCrawlerResolvers } from './crawler-resolvers'
import { createDashboardResolvers, type DashboardDeps } from './dashboard-resolvers'
import { createExplanationResolvers, type ExplanationDeps } from './explanation-resolvers'
import { DateScalar, DateTime, Duration, Hash20, Int64, Void, Year } from './scalars'
import { readPage, graphqlSearchQuery, type SearchInput } from './search-input'
import { createPageDetails } from './page-details'
import type { TorrentDetailsStore } from './store-port'
import { toGraphqlFile, toTorrentContent } from './torrent-content'

export interface GraphqlDeps extends DashboardDeps, CrawlerControlDeps, BlockListDeps, ExplanationDeps {
  /** Runs searches off the main thread (the search workers), so a heavy one stalls no other request. */
  search: { search(query: SearchQuery): Promise<SearchResult> }
  torrents: TorrentDetailsStore
  /** Deletes and tag edits, through the torrent store. */
  operator: OperatorEditsStore
  queue: QueueService
  jobs: QueueStore
  workers: WorkerRegistry
  health: HealthCheck
  evidence: EvidenceStore
  version: string
}

const BUCKET_SECONDS = { minute: 60, hour: 3600, day: 86_400 } as const
type Bucket = keyof typeof BUCKET_SECONDS

function checkTags(tags: string[]): string[] {
  const bad = tags.find((tag) => !isTagName(tag))
  if (bad !== undefined)
    throw new GraphQLError(`tag ${JSON.stringify(bad)} must be lowercase letters and digits joined by dashes (at most ${TAG_MAX_LENGTH})`)
  return [...new Set(tags)]
}

const ok = true

/** Root resolvers: each translates GraphQL input, calls one service or repository, maps the result. */
export function createResolvers(deps: GraphqlDeps) {
  const dashboard = createDashboardResolvers(deps)
  const crawler = createCrawlerResolvers(deps)
  const blockList = createBlockListResolvers(deps)
  return {
    Hash20,
    DateTime,
    Date: DateScalar,
    Year,
    Duration,
    Void,
    Int64,
    ...createExplanationResolvers(deps),
    Query: {
      version: () => deps.version,
      workers: () => ({ listAll: () => ({ workers: deps.workers.listAll() }) }),
      health: async () => {
        const report = await deps.health.check()
        const statusOf = (key: string) => report.checks.find((check) => check.key === key)?.status ?? 'unknown'
        return {
          status: report.status,
          checks: report.checks.map((check) => ({ ...check, timestamp: new Date(check.timestamp).toISOString() })),
          db: statusOf('db'),
          queue: statusOf('queue'),
          torrent: statusOf('torrent'),
        }
      },
      torrentContent: () => ({}),
      torrent: () => ({}),
      queue: () => ({}),
      ...dashboard.Query,
      ...crawler.Query,
      ...blockList.Query,
    },
    TorrentContentQuery: {
      search: async (_: unknown, { input }: { input: SearchInput }) => {
        const query = graphqlSearchQuery(input)
        // No torrent has a genre here: filtering by one matches nothing.
        if (input.facets?.genre?.filter?.some((genre) => genre !== null)) query.infoHashes = []
        let result: SearchResult
        try {
          result = await deps.search.search(query)
        } catch (err) {
          if (err instanceof SearchTimeoutError) throw new GraphQLError(err.message, { extensions: { code: err.code } })
          throw err
        }
        const details = createPageDetails(deps.torrents)
        return {
          totalCount: result.total,
          totalCountIsEstimate: result.totalIsEstimate,
          hasNextPage: result.hasNextPage,
          items: result.items.map((item) => toTorrentContent(item, details)),
          aggregations: toAggregations(result.facets, input.facets?.genre?.aggregate === true),
        }
      },
    },
    TorrentQuery: {
      files: async (
        _: unknown,
        {
          input,
        }: {
          input: {
            infoHashes?: string[] | null
            orderBy?: { field: string; descending?: boolean }[] | null
            limit?: number
            page?: number
            offset?: number
            totalCount?: boolean | null
          }
        },
      ) => {
        const { limit, offset } = readPage(input)
        const first = input.orderBy?.[0]
        const column = first?.field === 'index' || !first ? 'fileIndex' : (first.field as 'path' | 'extension' | 'size')
        const { items, total, hasNextPage } = await deps.torrents.files({
          infoHashes: input.infoHashes ?? null,
          order: { column, descending: first?.descending === true },
          limit,
          offset,
          countTotal: input.totalCount === true,
        })
        return { totalCount: total, hasNextPage, items: items.map(toGraphqlFile) }
      },
      listSources: async () => ({ sources: await deps.torrents.listSources() }),
      suggestTags: async (_: unknown, { input }: { input?: { prefix?: string | null; exclusions?: string[] | null } | null }) => ({
        suggestions: await deps.torrents.suggestTags((input?.prefix ?? '').toLowerCase(), input?.exclusions ?? [], 10),
      }),
      metrics: async (
        _: unknown,
        { input }: { input: { bucketDuration: Bucket; sources?: string[] | null; startTime?: number | null; endTime?: number | null } },
      ) => {
        const seconds = BUCKET_SECONDS[input.bucketDuration]
        const toSeconds = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : ms / 1000)
        return {
          buckets: (
            await deps.torrents.sourceMetrics(seconds, input.sources ?? null, toSeconds(input.startTime), toSeconds(input.endTime))
          ).map((row) => ({ ...row, bucket: new Date(row.bucket * 1000).toISOString() })),
        }
      },
    },
    QueueQuery: {
      jobs: async (
        _: unknown,
        {
          input,
        }: {
          input: {
            queues?: string[] | null
            statuses?: JobStatus[] | null
            limit?: number
            page?: number
            offset?: number
            facets?: {
              status?: { aggregate?: boolean; filter?: JobStatus[] } | null
              queue?: { aggregate?: boolean; filter?: string[] } | null
            } | null
            orderBy?: { field: 'created_at' | 'ran_at' | 'priority'; descending?: boolean }[] | null
          }
        },
      ) => {
        const { limit, offset } = readPage(input)
        const filter = {
          queues: input.queues ?? input.facets?.queue?.filter ?? undefined,
          statuses: input.statuses ?? input.facets?.status?.filter ?? undefined,
        }
        const order = input.orderBy?.[0] ?? { field: 'created_at' as const, descending: true }
        const items = await deps.jobs.list(filter, limit, offset, { field: order.field, descending: order.descending === true })
        const total = await deps.jobs.count(filter)
        const aggregate = async (column: 'queue' | 'status', wanted: boolean | undefined) =>
          wanted
            ? (await deps.jobs.countsBy(column, filter)).map((row) => ({ value: row.value, label: row.value, count: row.count }))
            : null
        return {
          totalCount: total,
          hasNextPage: offset + items.length < total,
          items: items.map((job) => ({
            ...job,
            id: String(job.id),
            runAfter: new Date(job.runAfter).toISOString(),
            ranAt: job.ranAt === null ? null : new Date(job.ranAt).toISOString(),
            createdAt: new Date(job.createdAt).toISOString(),
          })),
          aggregations: {
            queue: await aggregate('queue', input.facets?.queue?.aggregate ?? undefined),
            status: await aggregate('status', input.facets?.status?.aggregate ?? undefined),
          },
        }
      },
      metrics: async (
        _: unknown,
        {
          input,
        }: {
          input: {
            bucketDuration: Bucket
            statuses?: JobStatus[] | null
            queues?: string[] | null
            startTime?: number | null
            endTime?: number | null
          }
        },
      ) => ({
        buckets: (
          await deps.jobs.metrics(
            {
              queues: input.queues ?? undefined,
              statuses: input.statuses ?? undefined,
              startMs: input.startTime ?? undefined,
              endMs: input.endTime ?? undefined,
            },
            BUCKET_SECONDS[input.bucketDuration] * 1000,
          )
        ).map((bucket) => ({
          queue: bucket.queue,
          status: bucket.status,
          createdAtBucket: new Date(bucket.createdAtBucket).toISOString(),
          ranAtBucket: bucket.ranAtBucket === null ? null : new Date(bucket.ranAtBucket).toISOString(),
          count: bucket.count,
          latency: bucket.latencyMs,
        })),
      }),
    },
    Mutation: {
      torrent: () => ({}),
      queue: () => ({}),
      ...dashboard.Mutation,
      ...crawler.Mutation,
      ...blockList.Mutation,
    },
    TorrentMutation: {
      delete: async (_: unknown, { infoHashes }: { infoHashes: string[] }) => {
        if (infoHashes.length === 0) throw new GraphQLError('at least one info hash is required')
        await deps.operator.deleteAndBlock(infoHashes, Math.floor(Date.now() / 1000))
        return ok
      },
      putTags: async (_: unknown, { infoHashes, tagNames }: { infoHashes: string[]; tagNames: string[] }) => {
        await deps.operator.putTags(infoHashes, checkTags(tagNames), false)
        return ok
      },
      setTags: async (_: unknown, { infoHashes, tagNames }: { infoHashes: string[]; tagNames: string[] }) => {
        await deps.operator.putTags(infoHashes, checkTags(tagNames), true)
        return ok
      },
      deleteTags: async (_: unknown, { infoHashes, tagNames }: { infoHashes?: string[] | null; tagNames?: string[] | null }) => {
        if (!infoHashes && !tagNames) throw new GraphQLError('say which torrents (infoHashes), which tags (tagNames), or both')
        await deps.operator.deleteTags(infoHashes ?? null, tagNames ?? null)
        return ok
      },
      reprocess: async (_: unknown, { input }: { input: { infoHashes: string[] } }) => {
        if (input.infoHashes.length === 0) throw new GraphQLError('at least one info hash is required')
        await deps.queue.enqueue({ queue: REPROCESS_QUEUE, payload: { infoHashes: [...new Set(input.infoHashes)] } })
        return ok
      },
    },
    QueueMutation: {
      purgeJobs: async (_: unknown, { input }: { input: { queues?: string[] | null; statuses?: JobStatus[] | null } }) => {
        await deps.jobs.purge({ queues: input.queues ?? undefined, statuses: input.statuses ?? undefined })
        return ok
      },
      enqueueReprocessTorrentsBatch: async (
        _: unknown,
        {
          input,
        }: {
          input?: {
            purge?: boolean | null
            chunkSize?: number | null
            batchSize?: number | null
            contentTypes?: (string | null)[] | null
          } | null
        },
      ) => {
        const chunkSize = input?.chunkSize ?? 10_000
        if (!Number.isInteger(chunkSize) || chunkSize < 1 || chunkSize > 1_000_000)
          throw new GraphQLError('chunkSize must be a whole number from 1 to 1000000')
        if (input?.purge) await deps.jobs.purge({ queues: [REPROCESS_BATCH_QUEUE] })
        const contentTypes = input?.contentTypes?.filter((type): type is string => type !== null) ?? []
        await deps.queue.enqueue({
          queue: REPROCESS_BATCH_QUEUE,
          payload: { contentTypes: contentTypes.length ? contentTypes : null, chunkSize, afterId: 0 },
        })
        return ok
      },
    },
  }
}
