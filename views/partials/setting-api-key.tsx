import { ConfirmKeyField } from './confirm-key-field'

/** The keys the dashboard regenerates. */
export type ApiKeyTargetView = 'torznab' | 'dashboard'

/** The id of an API key's card, the `hx-target` its Regenerate button swaps. */
export const apiKeyCardId = (target: ApiKeyTargetView) => `api-key-${target}`

const ABOUT: Record<ApiKeyTargetView, { name: string; use: string; after: string }> = {
  torznab: {
    name: 'Torznab API key',
    use: 'What Prowlarr (or Sonarr and Radarr directly) sends to the Torznab feed.',
    after: 'Paste it into Prowlarr now (Indexers, this indexer, API Key): the old key stopped working, and this one is not shown again.',
  },
  dashboard: {
    name: 'Dashboard API key',
    use: "What scripts send in X-Api-Key to this dashboard's API, and what the sign-in page asks for.",
    after:
      'Store it now: the old key stopped working, every session signed in before (this one too) has ended, and this key is not shown again. Sign in with it next.',
  },
}

/** The key cards, in the page's order. */
export const API_KEY_CARD_TARGETS = Object.keys(ABOUT) as ApiKeyTargetView[]

export interface ApiKeyCardProps {
  target: ApiKeyTargetView
  /** The key just made: shown this once. */
  newKey?: string
  /** The core could not be told the new Torznab key yet: it gets it when it is back. */
  coreUnreachable?: boolean
  /** Whether the form asks for the dashboard key to confirm (DESIGN.md 7.2). */
  asksConfirmKey?: boolean
  /** Why the rotation was not made. */
  error?: string
}

/** Regenerate one API key behind a confirmation; the new key is shown once with a copy button. */
export function ApiKeyCard(props: ApiKeyCardProps) {
  const about = ABOUT[props.target]
  const id = apiKeyCardId(props.target)
  return (
    <section id={id} class="card api-key" aria-labelledby={`${id}-name`}>
      {/* Not the key's own name: the Torznab key's setting card is titled so. */}
      <h3 id={`${id}-name`}>Regenerate the {about.name}</h3>
      <p class="muted">{about.use}</p>
      {props.newKey ? (
        <div class="new-key" role="status">
          <p>
            <strong>New {about.name}:</strong>
          </p>
          <p class="key-line">
            <code>{props.newKey}</code>
            <button type="button" class="secondary" data-copy={props.newKey}>
              Copy
            </button>
          </p>
          <p>{about.after}</p>
          {props.coreUnreachable ? <p>The core cannot be reached now: it takes this key when it is back.</p> : null}
        </div>
      ) : null}
      {props.error && !props.asksConfirmKey ? (
        <p class="error" role="alert">
          {props.error}
        </p>
      ) : null}
      <form
        method="post"
        action="/settings/regenerate-api-key"
        hx-post="/settings/regenerate-api-key"
        hx-target={`#${id}`}
        hx-swap="outerHTML"
        hx-confirm={`Regenerate the ${about.name}? The current one stops working at once.`}
      >
        <input type="hidden" name="target" value={props.target} />
        {props.asksConfirmKey ? <ConfirmKeyField idPrefix={id} error={props.error} /> : null}
        <button type="submit" class="danger">
          Regenerate {about.name}
        </button>
      </form>
    </section>
  )
}
