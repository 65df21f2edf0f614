import { Elysia, t } from 'elysia'
import { AUDIT_STALE_EVENT } from '../../../views/partials/audit-log'
import {
  type DownloadClientDraft,
  DownloadClientsSection,
  type DownloadClientsSectionProps,
} from '../../../views/partials/download-clients-section'
import { BadRequestError } from '../../http'
import { DownloadClientFailedError, DownloadClientNotFoundError } from '../download-clients/errors'
import type { CreateDownloadClientInput } from '../download-clients/model'
import { fieldErrorOf, formText } from './field-errors'
import { pageAuth } from './page-auth'
import { htmlPartial, isHtmx, staleParts } from './render'
import { type SettingsPageDeps, settingsPageResponse } from './settings-page'

const CLIENT_FIELDS = ['name', 'kind', 'url', 'username', 'password', 'category'] as const
const ClientParams = t.Object({ id: t.String({ maxLength: 64 }) })

/** The add form as posted, read as text; the service checks it (and names the field it refuses). */
function readClientForm(body: unknown): { draft: DownloadClientDraft; input: CreateDownloadClientInput } {
  const text = (name: string) => formText(body, name)
  const draft = { name: text('name'), kind: text('kind'), url: text('url'), username: text('username'), category: text('category') }
  return { draft, input: { ...draft, kind: draft.kind as CreateDownloadClientInput['kind'], password: text('password') } }
}

/**
 * The settings page's download clients: add, test and remove. With htmx each answers the section
 * (200 even with a refusal in it, so htmx swaps it); without, the whole settings page.
 */
export const downloadClientsPanel = (deps: SettingsPageDeps) => {
  const answer = (request: Request, section: Omit<DownloadClientsSectionProps, 'clients'>, status = 200, changed = false) =>
    isHtmx(request)
      ? htmlPartial(
          DownloadClientsSection({ ...section, clients: deps.downloadClients.list() }),
          200,
          changed ? staleParts(AUDIT_STALE_EVENT) : {},
        )
      : settingsPageResponse(deps, { downloadClients: section }, status)

  /** A client removed meanwhile (another tab) leaves the list as it is now, saying so. */
  const gone = (request: Request, err: unknown) => {
    if (!(err instanceof DownloadClientNotFoundError)) throw err
    return answer(request, { notice: 'That download client was removed meanwhile.' }, 404)
  }

  return new Elysia({ name: 'dashboard-page-download-clients' })
    .use(pageAuth(deps))
    .post('/settings/download-clients', ({ body, request, identity }) => {
      const form = readClientForm(body)
      try {
        const created = deps.downloadClients.create(form.input, identity!.id)
        return answer(request, { notice: `Added “${created.name}”.` }, 200, true)
      } catch (err) {
        if (!(err instanceof BadRequestError)) throw err
        return answer(request, { draft: form.draft, errors: fieldErrorOf(err, CLIENT_FIELDS, 'name') }, 400)
      }
    })
    .post(
      '/settings/download-clients/:id/test',
      async ({ params, request }) => {
        try {
          const { version } = await deps.downloadClients.test(params.id)
          return answer(request, { tested: { id: params.id, isOk: true, message: `Reached it: version ${version}.` } })
        } catch (err) {
          if (!(err instanceof DownloadClientFailedError)) return gone(request, err)
          return answer(request, { tested: { id: params.id, isOk: false, message: `${err.message}.` } }, 502)
        }
      },
      { params: ClientParams },
    )
    .post(
      '/settings/download-clients/:id/remove',
      ({ params, request, identity }) => {
        try {
          const { name } = deps.downloadClients.get(params.id)
          deps.downloadClients.remove(params.id, identity!.id)
          return answer(request, { notice: `Removed “${name}”.` }, 200, true)
        } catch (err) {
          return gone(request, err)
        }
      },
      { params: ClientParams },
    )
}
