import { DOWNLOAD_CLIENT_KIND_LABELS, DOWNLOAD_CLIENT_KINDS, type DownloadClient } from '../../src/dashboard/download-clients/model'
import { FormField, invalidWhen } from './form-field'

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

export interface DownloadClientsSectionProps {
  clients: DownloadClient[]
  draft?: DownloadClientDraft
  /** Refusals of the add form, by field. */
  errors?: Partial<Record<keyof DownloadClientDraft | 'password', string>>
  /** Said after a change went through ("Added …", "Removed …"). */
  notice?: string
  /** The outcome of a Test, shown under that client's row. */
  tested?: { id: string; isOk: boolean; message: string }
}

const swap = { 'hx-target': `#${DOWNLOAD_CLIENTS_ID}`, 'hx-swap': 'outerHTML' }

function ClientRow(props: { client: DownloadClient; tested?: DownloadClientsSectionProps['tested'] }) {
  const { client } = props
  const base = `/settings/download-clients/${encodeURIComponent(client.id)}`
  const tested = props.tested?.id === client.id ? props.tested : undefined
  return (
    <>
      <tr>
        <td class="title">
          <strong>{client.name}</strong>
          <div class="muted show-narrow">{client.url}</div>
        </td>
        <td>{DOWNLOAD_CLIENT_KIND_LABELS[client.kind]}</td>
        <td class="title hide-narrow">
          <code>{client.url}</code>
        </td>
        <td class="hide-narrow">{client.category ?? <span class="muted">default</span>}</td>
        <td>
          <div class="row-buttons">
            <form method="post" action={`${base}/test`} hx-post={`${base}/test`} {...swap}>
              <button type="submit" class="secondary small" aria-label={`Test ${client.name}`}>
                Test
              </button>
            </form>
            <form
              method="post"
              action={`${base}/remove`}
              hx-post={`${base}/remove`}
              hx-confirm={`Remove the download client "${client.name}"?`}
              {...swap}
            >
              <button type="submit" class="danger small" aria-label={`Remove ${client.name}`}>
                Remove
              </button>
            </form>
          </div>
        </td>
      </tr>
      {tested ? (
        <tr class="outcome-row">
          <td colspan={5} class={tested.isOk ? 'outcome ok' : 'outcome bad'} role={tested.isOk ? 'status' : 'alert'}>
            {tested.message}
          </td>
        </tr>
      ) : null}
    </>
  )
}

/**
 * The settings page's download clients: each with Test (its version call) and Remove, and a form
 * to add one. Forms post without JavaScript too; with htmx they swap this section.
 */
export function DownloadClientsSection(props: DownloadClientsSectionProps) {
  const draft = props.draft ?? EMPTY_DOWNLOAD_CLIENT
  const errors = props.errors ?? {}
  const id = (field: string) => `new-client-${field}`
  return (
    <section id={DOWNLOAD_CLIENTS_ID} aria-labelledby={`${DOWNLOAD_CLIENTS_ID}-heading`}>
      <h2 id={`${DOWNLOAD_CLIENTS_ID}-heading`}>Download clients</h2>
      <p class="muted">Where “Send to” in the library puts a torrent, as a magnet link.</p>
      {props.clients.length === 0 ? (
        <p class="card muted">No download client yet. Add qBittorrent or Transmission below.</p>
      ) : (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Client</th>
                <th scope="col" class="hide-narrow">
                  Address
                </th>
                <th scope="col" class="hide-narrow">
                  Category
                </th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {props.clients.map((client) => (
                <ClientRow client={client} tested={props.tested} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form class="card add-form" method="post" action="/settings/download-clients" hx-post="/settings/download-clients" {...swap}>
        <h3>Add a download client</h3>
        <div class="form-grid">
          <FormField id={id('name')} label="Name" error={errors.name}>
            <input
              id={id('name')}
              name="name"
              value={draft.name}
              maxlength={100}
              required
              placeholder="Home qBittorrent"
              {...invalidWhen(id('name'), errors.name)}
            />
          </FormField>
          <FormField id={id('kind')} label="Client" error={errors.kind}>
            <select id={id('kind')} name="kind" {...invalidWhen(id('kind'), errors.kind)}>
              {DOWNLOAD_CLIENT_KINDS.map((kind) => (
                <option value={kind} selected={kind === draft.kind}>
                  {DOWNLOAD_CLIENT_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField
            id={id('url')}
            label="Address"
            error={errors.url}
            hint="qBittorrent: its Web UI, as http://nas:8080. Transmission: http://nas:9091."
          >
            <input
              id={id('url')}
              name="url"
              type="url"
              value={draft.url}
              maxlength={2048}
              required
              spellcheck={false}
              {...invalidWhen(id('url'), errors.url)}
            />
          </FormField>
        </div>
        <div class="form-grid">
          <FormField id={id('username')} label="User name" error={errors.username}>
            <input
              id={id('username')}
              name="username"
              value={draft.username}
              maxlength={256}
              autocomplete="off"
              {...invalidWhen(id('username'), errors.username)}
            />
          </FormField>
          <FormField id={id('password')} label="Password" error={errors.password}>
            <input
              id={id('password')}
              name="password"
              type="password"
              maxlength={512}
              autocomplete="new-password"
              {...invalidWhen(id('password'), errors.password)}
            />
          </FormField>
          <FormField
            id={id('category')}
            label="Category"
            error={errors.category}
            hint="Optional: qBittorrent’s category, Transmission’s label."
          >
            <input
              id={id('category')}
              name="category"
              value={draft.category}
              maxlength={64}
              {...invalidWhen(id('category'), errors.category)}
            />
          </FormField>
        </div>
        <div class="form-actions">
          <button type="submit">Add download client</button>
          {props.notice ? (
            <span class="muted" role="status">
              {props.notice}
            </span>
          ) : null}
        </div>
      </form>
    </section>
  )
}
