import { TAG_MAX_LENGTH } from '../../src/vocabulary'

/** The id of a torrent's tags and their form, the `hx-target` adding and removing swap. */
export const LIBRARY_TAGS_ID = 'library-tags'

export interface LibraryTagsProps {
  infoHash: string
  tags: string[]
  /** What was typed when the core refused it, and why: shown beside the field. */
  draft?: string
  error?: string
}

/** A torrent's tags (edited through the core's GraphQL), each with Remove, and a form to add one. */
export function LibraryTags(props: LibraryTagsProps) {
  const base = `/library/${props.infoHash}/tags`
  const target = { 'hx-target': `#${LIBRARY_TAGS_ID}`, 'hx-swap': 'outerHTML' }
  return (
    <section id={LIBRARY_TAGS_ID} aria-labelledby="library-tags-heading">
      <h2 id="library-tags-heading">Tags</h2>
      {props.tags.length === 0 ? (
        <p class="muted">No tags.</p>
      ) : (
        <ul class="tag-list">
          {props.tags.map((tag) => (
            <li>
              <span class="tag">{tag}</span>
              <button
                type="button"
                class="secondary small"
                aria-label={`Remove tag ${tag}`}
                hx-delete={`${base}/${encodeURIComponent(tag)}`}
                {...target}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form class="row tag-form" action={base} method="post" hx-post={base} {...target}>
        <div class="field">
          <label for="library-new-tag">New tag</label>
          <input
            id="library-new-tag"
            name="tag"
            value={props.draft ?? ''}
            maxlength={TAG_MAX_LENGTH}
            required
            placeholder="e.g. keep-seeding"
            aria-invalid={props.error ? 'true' : undefined}
            aria-describedby={props.error ? 'library-new-tag-error' : undefined}
          />
          {props.error ? (
            <p id="library-new-tag-error" class="error">
              {props.error}
            </p>
          ) : null}
        </div>
        <div class="field shrink">
          <button type="submit">Add tag</button>
        </div>
      </form>
    </section>
  )
}
