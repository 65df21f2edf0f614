import { GraphQLError } from 'graphql'
import { isAuthorised } from '../auth'
import type { ContentType } from '../classify'
import type { EvidenceRepository, WebhookBatchStatus } from '../evidence'
import { InvalidSettingError, type RuntimeSettings, type SettingEntry } from '../settings'
import type { IndexStatsService } from '../stats'
import { InvalidWantError, type WantService } from '../wants'

/** The default and the largest `limit` of each list the dashboard pages through. */
export const WEBHOOK_BATCHES_PAGE = { defaultLimit: 50, maxLimit: 500 }
export const WANT_MATCHES_PAGE = { defaultLimit: 100, maxLimit: 1000 }

const BATCH_STATUSES: readonly WebhookBatchStatus[] = ['pending', 'delivered', 'failed']

export interface DashboardDeps {
  stats: IndexStatsService
  evidence: EvidenceRepository
  wants: WantService
  settings: RuntimeSettings
}

/**
 * The two mutations that steer the core itself (its Torznab key, its log level, what it favours)
 * take the Torznab key in force, as /import does: otherwise anyone who reaches the core's port
 * could replace the key and open the import to themselves. With no key set the core is open, as
 * spec 5.2.9 leaves its GraphQL.
 */
export function requireCoreKey(context: { request?: Request }, key: string | undefined): void {
  if (!key) return
  if (!context.request || !isAuthorised(context.request, key))
    throw new GraphQLError('this mutation needs the Torznab API key (Authorization: Bearer <key>)', {
      extensions: { code: 'unauthorized' },
    })
}

/** Bad input, named by its path in the arguments, so the dashboard can say which field. */
function badInput(field: string, message: string): GraphQLError {
  return new GraphQLError(`${field} ${message}`, { extensions: { code: 'bad_request', field } })
}

function readLimit(field: string, value: number | null | undefined, page: { defaultLimit: number; maxLimit: number }): number {
  const limit = value ?? page.defaultLimit
  if (limit < 1 || limit > page.maxLimit) throw badInput(field, `must be from 1 to ${page.maxLimit}, not ${limit}`)
  return limit
}

/** A refusal of the settings or wants capability, as the GraphQL error naming its field. */
function asBadInput<T>(run: () => T): T {
  try {
    return run()
  } catch (err) {
    if (err instanceof InvalidSettingError || err instanceof InvalidWantError)
      throw new GraphQLError(err.message, { extensions: { code: 'bad_request', field: err.field } })
    throw err
  }
}

/** What the operator dashboard reads and sets through the core (DESIGN.md 5): figures, crawler, batches, wants, settings. */
export function createDashboardResolvers(deps: DashboardDeps) {
  return {
    Query: {
      stats: () => deps.stats.read(),
      crawler: () => deps.stats.crawler(),
      webhookBatches: (_: unknown, { input }: { input?: { status?: string | null; limit?: number | null } | null }) => {
        const status = input?.status ?? undefined
        if (status !== undefined && !BATCH_STATUSES.includes(status as WebhookBatchStatus))
          throw badInput('input.status', `must be one of ${BATCH_STATUSES.join(', ')}, not ${JSON.stringify(status)}`)
        const limit = readLimit('input.limit', input?.limit, WEBHOOK_BATCHES_PAGE)
        return deps.evidence
          .listWebhookBatches({ status: status as WebhookBatchStatus | undefined, limit })
          .map(({ batchId, ...batch }) => ({ id: batchId, ...batch }))
      },
      wantMatches: (_: unknown, { input }: { input?: { afterId?: number | null; limit?: number | null } | null }) => {
        const afterId = input?.afterId ?? 0
        if (afterId < 0) throw badInput('input.afterId', `must be 0 or more, not ${afterId}`)
        return deps.wants.matchesAfter(afterId, readLimit('input.limit', input?.limit, WANT_MATCHES_PAGE))
      },
    },
    Mutation: {
      registerWants: (
        _: unknown,
        { wants }: { wants: { id: string; query: string; contentType: ContentType }[] },
        context: { request?: Request },
      ) => {
        requireCoreKey(context, deps.settings.torznabApiKey())
        asBadInput(() => deps.wants.register(wants.map(({ id, query, contentType }) => ({ id, query, contentType }))))
        return true
      },
      applySettings: (_: unknown, { settings }: { settings: SettingEntry[] }, context: { request?: Request }) => {
        requireCoreKey(context, deps.settings.torznabApiKey())
        asBadInput(() => deps.settings.apply(settings.map(({ key, value }) => ({ key, value }))))
        return true
      },
    },
  }
}
