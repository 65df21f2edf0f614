import { type DownloadClientDraft, DownloadClientsSection } from '../../../views/partials/download-clients-section'
import { type CreateDownloadClientInput, DownloadClientFailedError, DownloadClientNotFoundError } from '../download-clients'
import { formText } from '../page-kit'
import { resourcePanel } from './resource-panel'
import { downloadClientsNow, type SettingsPageDeps, settingsPageResponse } from './pages'

/** The add form as posted, read as text; the service checks it (and names the field it refuses). */
function readClientForm(body: unknown): { draft: DownloadClientDraft; input: CreateDownloadClientInput } {
  const text = (name: string) => formText(body, name)
  const draft = { name: text('name'), kind: text('kind'), url: text('url'), username: text('username'), category: text('category') }
  return { draft, input: { ...draft, kind: draft.kind as CreateDownloadClientInput['kind'], password: text('password') } }
}

/** The settings page's download clients: add, test (the client's version call) and remove. */
export const downloadClientsPanel = (deps: SettingsPageDeps) =>
  resourcePanel('dashboard-page-download-clients', deps, {
    path: '/settings/download-clients',
    fields: ['name', 'kind', 'url', 'username', 'password', 'category'],
    readForm: readClientForm,
    create: (input, changedBy) => deps.downloadClients.create(input, changedBy),
    nameOf: (id) => deps.downloadClients.get(id).name,
    remove: (id, changedBy) => deps.downloadClients.remove(id, changedBy),
    test: async (id) => `Reached it: version ${(await deps.downloadClients.test(id)).version}.`,
    testFailureOf: (err) => (err instanceof DownloadClientFailedError ? `${err.message}.` : null),
    isGone: (err) => err instanceof DownloadClientNotFoundError,
    goneNotice: 'That download client was removed meanwhile.',
    section: (change) => DownloadClientsSection({ ...change, ...downloadClientsNow(deps.downloadClients) }),
    page: (identity, change, status) => settingsPageResponse(deps, identity, { downloadClients: change }, status),
  })
