import { Elysia } from 'elysia'
import { BlockList, type BlockListProps, BlockListPage } from '../../../views/pages/block-list'
import { type AuthService, pageAuth } from '../auth'
import { CoreQueryError, CoreUnavailableError } from '../core-client'
import type { BlockListService } from './block-list'
import type { NotificationService } from '../notifications'
import { formText, htmlPage, htmlPartial, isHtmx, pageChrome } from '../page-kit'
import { isInfoHash } from './selection'

const PAGE_SIZE = 50

const readPage = (raw: string | null | undefined) => (raw && /^\d{1,6}$/.test(raw) ? Math.max(1, Number(raw)) : 1)

/** /library/blocked and its Unblock (through the core's GraphQL; the service audits each). */
export const blockListPage = (deps: { auth: AuthService; blockList: BlockListService; notifications: NotificationService }) => {
  const listAt = async (page: number, notice?: { message: string; isError: boolean }): Promise<BlockListProps> => {
    const { totalCount, items } = await deps.blockList.list(PAGE_SIZE, (page - 1) * PAGE_SIZE)
    return { items, totalCount, page, pageSize: PAGE_SIZE, notice: notice?.message, isError: notice?.isError }
  }
  /** The page when the core is away (the layout's banner) or refused (its reason, as an alert). */
  const coreFailed = (err: unknown) => {
    const empty = { items: [], totalCount: 0, page: 1, pageSize: PAGE_SIZE, ...pageChrome(deps) }
    if (err instanceof CoreUnavailableError) return htmlPage(BlockListPage({ ...empty, coreUnavailable: true }), 502)
    if (err instanceof CoreQueryError)
      return htmlPage(BlockListPage({ ...empty, notice: `The indexer refused: ${err.message}`, isError: true }), 502)
    throw err
  }

  return new Elysia({ name: 'dashboard-page-block-list' })
    .use(pageAuth(deps))
    .get('/library/blocked', async ({ request }) => {
      try {
        return htmlPage(BlockListPage({ ...(await listAt(readPage(new URL(request.url).searchParams.get('page')))), ...pageChrome(deps) }))
      } catch (err) {
        return coreFailed(err)
      }
    })
    .post('/library/blocked/:info_hash/unblock', async ({ params, body, request, identity }) => {
      const page = readPage(formText(body, 'page'))
      if (!isInfoHash(params.info_hash))
        return htmlPage(
          BlockListPage({ ...(await listAt(page, { message: 'That is not an info hash.', isError: true })), ...pageChrome(deps) }),
          400,
        )
      const infoHash = params.info_hash.toLowerCase()
      let notice: { message: string; isError: boolean }
      try {
        const lifted = await deps.blockList.unblock([infoHash], identity!.actor)
        notice =
          lifted === 1
            ? { message: 'Unblocked: the crawler or an import may add it again.', isError: false }
            : { message: 'Nothing to unblock: it was not blocked by a delete (or is unblocked already).', isError: true }
      } catch (err) {
        return coreFailed(err)
      }
      const props = await listAt(page, notice)
      if (isHtmx(request)) return htmlPartial(BlockList(props))
      return htmlPage(BlockListPage({ ...props, ...pageChrome(deps) }))
    })
}
