import { Elysia } from 'elysia'
import { BadRequestError } from '../../http'
import { readPaging } from '../library'
import { EvidenceIntakeQuery, EvidenceListQuery } from './model'
import { type EvidenceService, MAX_EVIDENCE_BYTES } from './service'

export const evidenceApiRoutes = (deps: { evidence: EvidenceService }) =>
  new Elysia({ name: 'dashboard-evidence', prefix: '/api/evidence' })
    .get('/', ({ query }) => deps.evidence.list(readPaging(query, 50, 500)), { query: EvidenceListQuery })
    // The body is forwarded as the client sent it, so the core reads the same bytes (parse: 'none').
    .post(
      '/',
      async ({ request, query, set }) => {
        const tooLarge = new BadRequestError(`body: must be at most ${MAX_EVIDENCE_BYTES} bytes`)
        if (Number(request.headers.get('content-length') ?? 0) > MAX_EVIDENCE_BYTES) throw tooLarge
        const body = await request.text()
        if (Buffer.byteLength(body) > MAX_EVIDENCE_BYTES) throw tooLarge
        const answer = await deps.evidence.forward(
          query.instance ?? 'dashboard',
          body,
          request.headers.get('content-type') ?? 'application/json',
        )
        set.status = answer.status
        set.headers['content-type'] = 'application/json'
        return answer.body
      },
      { query: EvidenceIntakeQuery, parse: 'none' },
    )
