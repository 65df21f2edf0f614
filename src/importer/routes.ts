import { Elysia } from 'elysia'
import { ApiKeyQuery, apiKeyAuth, type ApiKeySource } from '../auth'
import { BadRequestError, intakeGuard, type IntakeGuardDeps } from '../http'
import type { IngestPipeline } from '../ingest'
import type { MetainfoLimits } from '../metainfo'
import { importJsonLines } from './json-lines-input'
import { createImportSession, type ImportSummary, type Rejection } from './import-session'
import type { LineWorkers } from './line-workers'

/** How many rejections the response lists; the counts cover all of them. */
const LISTED_REJECTIONS = 100

export interface ImportResponse extends ImportSummary {
  rejections: Rejection[]
  /** Present when the service stopped mid-upload: the counts cover the lines read before it; send the rest again. */
  interrupted?: true
}

/**
 * `POST /import`: the same JSON Lines as `cli import`, read from the request body as it streams
 * in (a dump of millions of lines is never held in memory), so there is no body schema: each line
 * is checked on its own and a bad one is listed, not fatal. A browser's post for another site's
 * page, or one past the client's rate, is refused first (intakeGuard). Faults are answered by the
 * app's JSON error plugin.
 *
 * `shutdown` aborts when the service stops: an upload still streaming ends at its last complete
 * line, which is committed and answered, so a slow or stalled client cannot hold the stop up.
 */
export const importRoutes = (deps: {
  pipeline: IngestPipeline
  apiKey: ApiKeySource
  intake: IntakeGuardDeps
  shutdown: AbortSignal
  lineWorkers: LineWorkers | null
  limits: MetainfoLimits
}) =>
  new Elysia({ name: 'import-routes' })
    .use(intakeGuard(deps.intake))
    .use(apiKeyAuth({ apiKey: deps.apiKey }))
    .post('/import', ({ request }) => importBody(request.body, deps), {
      intake: true,
      apiKey: true,
      query: ApiKeyQuery,
      parse: 'none',
    })

async function importBody(
  body: ReadableStream<Uint8Array> | null,
  {
    pipeline,
    shutdown,
    lineWorkers,
    limits,
  }: { pipeline: IngestPipeline; shutdown: AbortSignal; lineWorkers: LineWorkers | null; limits: MetainfoLimits },
): Promise<ImportResponse> {
  if (!body) throw new BadRequestError('the body must be JSON Lines, one torrent per line')
  const rejections: Rejection[] = []
  const session = createImportSession({
    pipeline,
    lineWorkers,
    limits,
    onRejected: (rejection) => {
      if (rejections.length < LISTED_REJECTIONS) rejections.push(rejection)
    },
  })
  await importJsonLines(body, 'body', session, shutdown)
  const summary = await session.finish()
  return shutdown.aborted ? { ...summary, rejections, interrupted: true } : { ...summary, rejections }
}
