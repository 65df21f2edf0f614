import { Elysia } from 'elysia'
import { isAuthorised } from '../auth'
import type { Logger } from '../log'
import type { QueueService } from '../queue'
import { IntakeError } from './model'
import { EVIDENCE_QUEUE } from './processor'
import { MAX_BODY_BYTES, readEvidenceReport } from './read-report'

/**
 * `POST /evidence/arr/:instance`: the webhook URL to give Sonarr, Radarr, Lidarr, Readarr and
 * Whisparr (Connect > Webhook), one path name per instance. It checks the report and answers 202
 * at once; recording and its effects run on the durable queue. A bad body is a 400 that names
 * the problem, and nothing is queued.
 */
export const evidenceRoutes = (deps: { queue: QueueService; apiKey: string | undefined; log: Logger }) =>
  new Elysia({ name: 'evidence-routes' }).post(
    '/evidence/arr/:instance',
    async ({ request, params, set }) => {
      if (!isAuthorised(request, deps.apiKey)) {
        set.status = 401
        return { error: 'unauthorized', message: 'a valid API key is required (apikey, Bearer or basic auth password)' }
      }
      try {
        const body = await readCappedBody(request)
        const report = readEvidenceReport(body, params.instance, new Date().toISOString())
        set.status = 202
        if ('ignored' in report) return { status: 'ignored', event: report.event, reason: report.reason }
        deps.queue.enqueue({ queue: EVIDENCE_QUEUE, payload: report, maxRetries: 3 })
        return { status: 'accepted', event: report.event, type: report.type, result: report.result, info_hash: report.infoHash }
      } catch (err) {
        if (!(err instanceof IntakeError)) throw err
        deps.log.debug('evidence refused', { instance: params.instance, reason: err.message })
        set.status = 400
        return { error: 'bad_request', message: err.message }
      }
    },
    { parse: 'none' },
  )

/** Reads at most MAX_BODY_BYTES; a larger body is refused without being held in memory. */
async function readCappedBody(request: Request): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > MAX_BODY_BYTES) throw new IntakeError(`the body is over ${MAX_BODY_BYTES} bytes`)
  if (!request.body) throw new IntakeError('the body is empty')
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of request.body) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) throw new IntakeError(`the body is over ${MAX_BODY_BYTES} bytes`)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}
