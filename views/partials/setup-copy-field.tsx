/** A value to paste elsewhere, with its name and a Copy button (app.js copies `data-copy`). */
export function SetupCopyField(props: { label: string; value: string }) {
  return (
    <div class="setup-field">
      <span class="setup-label">{props.label}</span>
      <span class="setup-value">
        <code>{props.value}</code>
        <button type="button" class="secondary" data-copy={props.value}>
          Copy<span class="visually-hidden"> {props.label}</span>
        </button>
      </span>
    </div>
  )
}

/**
 * The Torznab key (or a URL holding it): masked until the reader opens "Reveal", with a Copy button
 * that copies the whole value either way. `shown` is the masked form (default: the last 4
 * characters). No key set means the feed is open to all.
 */
export function SetupSecretField(props: { label: string; value: string | null; shown?: string }) {
  if (!props.value)
    return (
      <div class="setup-field">
        <span class="setup-label">{props.label}</span>
        <span class="setup-value muted">No key is set: leave the field empty (anyone who can reach the core can use the feed).</span>
      </div>
    )
  return (
    <div class="setup-field">
      <span class="setup-label">{props.label}</span>
      <span class="setup-value">
        <code>{props.shown ?? `••••••••${props.value.slice(-4)}`}</code>
        <button type="button" class="secondary" data-copy={props.value}>
          Copy<span class="visually-hidden"> {props.label}</span>
        </button>
      </span>
      <details class="setup-reveal">
        <summary>Reveal</summary>
        <code>{props.value}</code>
      </details>
    </div>
  )
}
