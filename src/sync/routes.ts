import { Elysia, t } from 'elysia'
import { apiKeyAuth, type ApiKeySource } from '../auth'
import { BadRequestError } from '../http'
import { decodeExportCursor } from './export-cursor'
import { DEFAULT_EXPORT_LIMIT, MAX_EXPORT_LIMIT, openExportPage } from './export-page'
import type { ExportStore } from './model'

const ExportQuery = t.Object({
  after: t.Optional(t.String({ maxLength: 64, error: 'after must be a cursor this index gave out (X-Next-Cursor)' })),
  limit: t.Optional(
    t.Integer({ minimum: 1, maximum: MAX_EXPORT_LIMIT, error: `limit must be a whole number from 1 to ${MAX_EXPORT_LIMIT}` }),
  ),
  apikey: t.Optional(t.String()),
})

/**
 * `GET /export?after=CURSOR&limit=N`: a page of the index as JSON Lines (the import format plus
 * each torrent's classification, label, tags, external ids and grabs), streamed as it is read.
 * `X-Next-Cursor` is set while torrents remain after the page, `X-Resume-Cursor` always (where to
 * ask later for torrents stored since). Behind the Torznab key, as the feed that serves the same
 * torrents one search at a time. A cursor or limit it cannot read is a JSON 400 (jsonErrors).
 */
export const exportRoutes = (deps: { exports: ExportStore; apiKey: ApiKeySource }) =>
  new Elysia({ name: 'export-routes' }).use(apiKeyAuth({ apiKey: deps.apiKey })).get(
    '/export',
    async ({ query }) => {
      const afterPosition = query.after ? decodeExportCursor(query.after) : 0
      if (afterPosition === null)
        throw new BadRequestError('after is not a cursor this index gave out: leave it out to start, or send X-Next-Cursor back as it came')
      const page = await openExportPage(deps.exports, afterPosition, query.limit ?? DEFAULT_EXPORT_LIMIT)
      const headers: Record<string, string> = { 'content-type': 'application/x-ndjson', 'x-resume-cursor': page.resumeCursor }
      if (page.nextCursor) headers['x-next-cursor'] = page.nextCursor
      return new Response(page.lines, { headers })
    },
    { apiKey: true, query: ExportQuery },
  )
