import { ChoiceField, TextField } from './form-field'
import { type ResourceColumn, ResourceSection, type TestOutcome } from './resource-section'

/** The id of the settings page's download clients, the `hx-target` each of its forms swaps. */
export const DOWNLOAD_CLIENTS_ID = 'download-clients'

/** What the add form holds, as typed; the password is never sent back into the page. */
export interface DownloadClientDraft {
  name: string
  kind: string
  url: string
  username: string
  category: string
}

export const EMPTY_DOWNLOAD_CLIENT: DownloadClientDraft = { name: '', kind: 'qbittorrent', url: '', username: '', category: '' }

/** A download client as its row shows it. */
export interface DownloadClientView {
  id: string
  name: string
  kind: string
  url: string
  category: string | null
}

export interface DownloadClientsSectionProps {
  clients: DownloadClientView[]
  /** Each kind of client the dashboard can send to, by its name for people, in the form's order. */
  kindLabels: Readonly<Record<string, string>>
  draft?: DownloadClientDraft
  /** Refusals of the add form, by field. */
  errors?: Partial<Record<keyof DownloadClientDraft | 'password', string>>
  /** Said after a change went through ("Added …", "Removed …"). */
  notice?: string
  tested?: TestOutcome
}

const clientColumns = (kindLabels: Readonly<Record<string, string>>): ResourceColumn<DownloadClientView>[] => [
  {
    header: 'Name',
    className: 'title',
    cell: (client) => (
      <>
        <strong>{client.name}</strong>
        <div class="muted show-narrow">{client.url}</div>
      </>
    ),
  },
  { header: 'Client', cell: (client) => kindLabels[client.kind] ?? client.kind },
  { header: 'Address', className: 'title', isHiddenNarrow: true, cell: (client) => <code>{client.url}</code> },
  { header: 'Category', isHiddenNarrow: true, cell: (client) => client.category ?? <span class="muted">default</span> },
]

/**
 * The settings page's download clients: each with Test (its version call) and Remove, and a form
 * to add one. Forms post without JavaScript too; with htmx they swap this section.
 */
export function DownloadClientsSection(props: DownloadClientsSectionProps) {
  const draft = props.draft ?? EMPTY_DOWNLOAD_CLIENT
  const errors = props.errors ?? {}
  const prefix = 'new-client'
  const kindChoices = Object.entries(props.kindLabels)
  return (
    <ResourceSection
      id={DOWNLOAD_CLIENTS_ID}
      heading="Download clients"
      about="Where “Send to” in the library puts a torrent, as a magnet link."
      empty="No download client yet. Add qBittorrent or Transmission below."
      items={props.clients}
      columns={clientColumns(props.kindLabels)}
      what="download client"
      tested={props.tested}
      path="/settings/download-clients"
      formHeading="Add a download client"
      notice={props.notice}
    >
      <div class="form-grid">
        <TextField
          prefix={prefix}
          name="name"
          label="Name"
          value={draft.name}
          error={errors.name}
          maxLength={100}
          isRequired
          placeholder="Home qBittorrent"
        />
        <ChoiceField prefix={prefix} name="kind" label="Client" value={draft.kind} error={errors.kind} choices={kindChoices} />
        <TextField
          prefix={prefix}
          name="url"
          label="Address"
          type="url"
          value={draft.url}
          error={errors.url}
          maxLength={2048}
          isRequired
          hint="qBittorrent: its Web UI, as http://nas:8080. Transmission: http://nas:9091."
        />
      </div>
      <div class="form-grid">
        <TextField prefix={prefix} name="username" label="User name" value={draft.username} error={errors.username} maxLength={256} />
        <TextField prefix={prefix} name="password" label="Password" type="password" error={errors.password} maxLength={512} />
        <TextField
          prefix={prefix}
          name="category"
          label="Category"
          value={draft.category}
          error={errors.category}
          maxLength={64}
          hint="Optional: qBittorrent’s category, Transmission’s label."
        />
      </div>
    </ResourceSection>
  )
}
