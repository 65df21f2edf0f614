import { Elysia } from 'elysia'
import { ApiKeyQuery, apiKeyAuth, type ApiKeySource } from '../auth'
import { intakeGuard, type IntakeGuardDeps, readCappedBody } from '../http'
import type { Logger } from '../log'
import type { QueueService } from '../queue'
import { IntakeError } from './errors'
import { EvidenceWebhookParams, type EvidenceReport, type NotEvidence } from './model'
import { EVIDENCE_QUEUE } from './processor'
import { MAX_BODY_BYTES, readEvidenceReport } from './read-report'

/**
 * `POST /evidence/arr/:instance`: the webhook URL to give Sonarr, Radarr, Lidarr, Readarr and
 * Whisparr (Connect > Webhook), one path name per instance. It checks the report and answers 202
 * at once; recording and its effects run on the durable queue. A bad body is a 400 that names
 * the problem, and nothing is queued. A browser's post for another site's page, or one past the
 * client's rate, is refused first (intakeGuard). Faults are answered by the app's JSON error plugin.
 */
export const evidenceRoutes = (deps: {
  queue: QueueService
  apiKey: ApiKeySource
  intake: IntakeGuardDeps
  /** SERVICE_EVIDENCE_MAX_PAYLOAD: how much of a body is kept with its report. */
  keptPayloadBytes: number
  log: Logger
}) =>
  new Elysia({ name: 'evidence-routes' })
    .use(intakeGuard(deps.intake))
    .use(apiKeyAuth({ apiKey: deps.apiKey }))
    .post(
      '/evidence/arr/:instance',
      async ({ request, params, set }) => {
        const report = await readWebhook(request, params.instance, deps.keptPayloadBytes, deps.log)
        set.status = 202
        if ('ignored' in report) return { status: 'ignored', event: report.event, reason: report.reason }
        await deps.queue.enqueue({ queue: EVIDENCE_QUEUE, payload: report, maxRetries: 3 })
        return { status: 'accepted', event: report.event, type: report.type, result: report.result, info_hash: report.infoHash }
      },
      { intake: true, apiKey: true, params: EvidenceWebhookParams, query: ApiKeyQuery, parse: 'none' },
    )

/** The body, read and checked; every fault the sender can fix is an IntakeError naming it (a 400). */
async function readWebhook(request: Request, instance: string, keptBytes: number, log: Logger): Promise<EvidenceReport | NotEvidence> {
  try {
    const body = await readCappedBody(request, MAX_BODY_BYTES)
    if (body === 'too_large') throw new IntakeError(`the body is over ${MAX_BODY_BYTES} bytes`)
    if (body === '') throw new IntakeError('the body is empty')
    return readEvidenceReport(body, instance, new Date().toISOString(), keptBytes)
  } catch (err) {
    if (err instanceof IntakeError) log.debug('evidence refused', { instance, reason: err.message })
    throw err
  }
}
