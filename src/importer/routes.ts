import { Elysia } from 'elysia'
import { isAuthorised } from '../auth'
import type { IngestPipeline } from '../ingest'
import { importJsonLines } from './import-paths'
import { createImportSession, type Rejection } from './import-session'

/** How many rejections the response lists; the counts cover all of them. */
const LISTED_REJECTIONS = 100

/**
 * `POST /import`: the same JSON Lines as `cli import`, read from the request body as it streams
 * in (a dump of millions of lines is never held in memory).
 */
export const importRoutes = (deps: { pipeline: IngestPipeline; apiKey: string | undefined }) =>
  new Elysia({ name: 'import-routes' }).post(
    '/import',
    async ({ request, set }) => {
      if (!isAuthorised(request, deps.apiKey)) {
        set.status = 401
        return { error: 'unauthorized', message: 'a valid API key is required (apikey, Bearer or basic auth)' }
      }
      if (!request.body) {
        set.status = 400
        return { error: 'bad_request', message: 'the body must be JSON Lines, one torrent per line' }
      }
      const rejections: Rejection[] = []
      const session = createImportSession({
        pipeline: deps.pipeline,
        onRejected: (rejection) => {
          if (rejections.length < LISTED_REJECTIONS) rejections.push(rejection)
        },
      })
      await importJsonLines(request.body, 'body', session)
      return { ...session.finish(), rejections }
    },
    { parse: 'none' },
  )
