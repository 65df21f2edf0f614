import { Elysia, t } from 'elysia'
import { FetchForm, FetchRows } from '../../../views/partials/fetch-panel'
import { OverviewCrawler } from '../../../views/partials/overview-crawler'
import { BadRequestError } from '../../http'
import { type AuthService, pageAuth } from '../auth'
import { CoreQueryError, CoreUnavailableError } from '../core-client'
import { MAX_FETCH_TARGETS, readFetchTargets } from './model'
import type { CrawlerControlService } from './service'
import { htmlPartial, isHtmx, readFromCore, staleParts } from '../page-kit'

const PauseForm = t.Object({ paused: t.String({ maxLength: 8 }) })
const FetchFormBody = t.Object({ targets: t.String({ maxLength: 65_536 }) })

/** Fired on the page after a fetch is asked for: the list refetches at once. */
const FETCH_ASKED_EVENT = 'fetch-asked'

/**
 * The overview's crawler switch and fetch form (their partials for htmx; without JavaScript a
 * redirect back to the overview). Both act on the core, named in the audit log by who asked.
 */
export const crawlerPanel = (deps: { auth: AuthService; crawlerControl: CrawlerControlService }) =>
  new Elysia({ name: 'dashboard-page-crawler' })
    .use(pageAuth(deps))
    .post(
      '/overview/crawler',
      async ({ body, request, identity }) => {
        if (body.paused !== 'true' && body.paused !== 'false') throw new BadRequestError('paused must be true or false')
        try {
          const crawler = await deps.crawlerControl.setPaused(body.paused === 'true', identity!.actor)
          if (!isHtmx(request)) return new Response(null, { status: 303, headers: { location: '/' } })
          return htmlPartial(OverviewCrawler({ crawler }))
        } catch (err) {
          // The card stays, saying why nothing changed (the core away, or refusing the key).
          if (!isHtmx(request) || !(err instanceof CoreQueryError || err instanceof CoreUnavailableError)) throw err
          const crawler = (await readFromCore(() => deps.crawlerControl.state(), null)).value
          return htmlPartial(OverviewCrawler({ crawler, error: `Not changed: ${err.message}` }))
        }
      },
      { body: PauseForm },
    )
    .post(
      '/overview/fetch',
      async ({ body, request, identity }) => {
        const targets = readFetchTargets(body.targets)
        let error: string | undefined
        if (targets.length === 0) error = 'Paste at least one magnet link or info hash.'
        else if (targets.length > MAX_FETCH_TARGETS) error = `At most ${MAX_FETCH_TARGETS} at a time.`
        else
          try {
            await deps.crawlerControl.fetch(targets, identity!.actor)
          } catch (err) {
            if (!(err instanceof BadRequestError)) throw err
            error = err.message
          }
        if (!isHtmx(request)) {
          if (!error) return new Response(null, { status: 303, headers: { location: '/' } })
          throw new BadRequestError(error)
        }
        // 200 with the error in place, so htmx swaps it in.
        if (error) return htmlPartial(FetchForm({ draft: body.targets, error }))
        return htmlPartial(FetchForm({ asked: targets.length }), 200, staleParts(FETCH_ASKED_EVENT))
      },
      { body: FetchFormBody },
    )
    .get('/overview/crawler', async () =>
      htmlPartial(OverviewCrawler({ crawler: (await readFromCore(() => deps.crawlerControl.state(), null)).value })),
    )
    .get('/overview/fetches', async () =>
      htmlPartial(FetchRows({ requests: (await readFromCore(() => deps.crawlerControl.fetchRequests(), null)).value })),
    )
