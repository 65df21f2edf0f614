import { GraphQLError } from 'graphql'
import type { ContentType } from '../vocabulary'
import type { EvidenceStore, WebhookBatchStatus } from '../evidence'
import { InvalidSettingError, type RuntimeSettings, type SettingEntry } from '../settings'
import type { IndexStatsService } from '../stats'
import { InvalidWantError, type WantRegistry } from '../wants'
import { adminOnly } from './admin-only'
import { readPage } from './search-input'

/** The default and the largest `limit` of each list the dashboard pages through. */
export const WEBHOOK_BATCHES_PAGE = { defaultLimit: 50, maxLimit: 500 }
export const WANT_MATCHES_PAGE = { defaultLimit: 100, maxLimit: 1000 }

const BATCH_STATUSES: readonly WebhookBatchStatus[] = ['pending', 'delivered', 'failed']

export interface DashboardDeps {
  /** The core admin key every field here asks for (adminOnly). */
  adminKey: string
  stats: IndexStatsService
  evidence: EvidenceStore
  wants: WantRegistry
  settings: RuntimeSettings
}

/** Bad input, named by its path in the arguments, so the dashboard can say which field. */
export function badInput(field: string, message: string): GraphQLError {
  return new GraphQLError(`${field} ${message}`, { extensions: { code: 'bad_request', field } })
}

export function readLimit(field: string, value: number | null | undefined, page: { defaultLimit: number; maxLimit: number }): number {
  const limit = value ?? page.defaultLimit
  if (limit < 1 || limit > page.maxLimit) throw badInput(field, `must be from 1 to ${page.maxLimit}, not ${limit}`)
  return limit
}

/** A refusal of the settings or wants capability, as the GraphQL error naming its field. */
async function asBadInput<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (err) {
    if (err instanceof InvalidSettingError || err instanceof InvalidWantError)
      throw new GraphQLError(err.message, { extensions: { code: 'bad_request', field: err.field } })
    throw err
  }
}

/**
 * What the operator dashboard reads and sets through the core (DESIGN.md 5): figures, crawler,
 * evidence, batches, wants, settings. Every field needs the core admin key.
 */
export function createDashboardResolvers(deps: DashboardDeps) {
  return {
    Query: adminOnly(deps.adminKey, {
      stats: () => deps.stats.read(),
      crawler: () => deps.stats.crawler(),
      webhookBatches: async (_: unknown, { input }: { input?: { status?: string | null; limit?: number | null } | null }) => {
        const status = input?.status ?? undefined
        if (status !== undefined && !BATCH_STATUSES.includes(status as WebhookBatchStatus))
          throw badInput('input.status', `must be one of ${BATCH_STATUSES.join(', ')}, not ${JSON.stringify(status)}`)
        const limit = readLimit('input.limit', input?.limit, WEBHOOK_BATCHES_PAGE)
        return (await deps.evidence.listWebhookBatches({ status: status as WebhookBatchStatus | undefined, limit })).map(
          ({ batchId, ...batch }) => ({ id: batchId, ...batch }),
        )
      },
      wantMatches: (_: unknown, { input }: { input?: { afterId?: number | null; limit?: number | null } | null }) => {
        const afterId = input?.afterId ?? 0
        if (afterId < 0) throw badInput('input.afterId', `must be 0 or more, not ${afterId}`)
        return deps.wants.matchesAfter(afterId, readLimit('input.limit', input?.limit, WANT_MATCHES_PAGE))
      },
      evidence: async (
        _: unknown,
        { input }: { input?: { infoHash?: string | null; limit?: number | null; page?: number | null; offset?: number | null } | null },
      ) => {
        const { limit, offset } = readPage(input ?? {})
        const { total, items } = await deps.evidence.list({ infoHash: input?.infoHash ?? undefined, limit, offset })
        return { totalCount: total, items }
      },
    }),
    Mutation: adminOnly(deps.adminKey, {
      registerWants: async (_: unknown, { wants }: { wants: { id: string; query: string; contentType: ContentType }[] }) => {
        await asBadInput(() => deps.wants.register(wants.map(({ id, query, contentType }) => ({ id, query, contentType }))))
        return true
      },
      applySettings: async (_: unknown, { settings }: { settings: SettingEntry[] }) => {
        await asBadInput(() => deps.settings.apply(settings.map(({ key, value }) => ({ key, value }))))
        return true
      },
    }),
  }
}
