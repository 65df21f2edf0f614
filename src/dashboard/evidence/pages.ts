import { Elysia, t } from 'elysia'
import { EvidencePage } from '../../../views/pages/evidence'
import { EvidenceRows } from '../../../views/partials/evidence-table'
import type { EvidenceService } from './service'
import type { AuthService } from '../auth'
import type { NotificationService } from '../notifications'
import { htmlPage, htmlPartial, pageChrome, readFromCore } from '../page-kit'
import { withIndexTitles } from './index-titles'

/** Spec 8 (the library's page size; evidence pages alike). */
const PAGE_SIZE = 50

/** The core's offsets are 32-bit GraphQL Ints. */
const MAX_OFFSET = 2 ** 31 - 1 - PAGE_SIZE

/** A page link's offset: a whole number from 0; anything else (a hand-typed URL) is the first page. */
function parseOffset(raw: string | undefined): number {
  const offset = Number(raw ?? 0)
  return Number.isSafeInteger(offset) && offset > 0 ? Math.min(offset, MAX_OFFSET) : 0
}

/** `/evidence`, paged by `offset`, and `/evidence/rows`, the first page's body its live updates refetch. */
export const evidencePage = (deps: { evidence: EvidenceService; notifications: NotificationService; auth: AuthService }) => {
  // One more than a page, to know whether there is a next one.
  const read = (offset: number) =>
    readFromCore(async () => withIndexTitles(deps.evidence, (await deps.evidence.list({ limit: PAGE_SIZE + 1, offset })).items), [])
  return new Elysia({ name: 'dashboard-page-evidence' })
    .get(
      '/evidence',
      async ({ query }) => {
        const offset = parseOffset(query.offset)
        const { value, isCoreUnavailable } = await read(offset)
        return htmlPage(
          EvidencePage({
            events: value.slice(0, PAGE_SIZE),
            offset,
            pageSize: PAGE_SIZE,
            hasNext: value.length > PAGE_SIZE,
            ...pageChrome(deps),
            coreUnavailable: isCoreUnavailable,
          }),
        )
      },
      { query: t.Object({ offset: t.Optional(t.String({ maxLength: 20 })) }) },
    )
    .get('/evidence/rows', async () => htmlPartial(EvidenceRows({ events: (await read(0)).value.slice(0, PAGE_SIZE) })))
}
