import type { Child } from 'hono/jsx'

/** The outcome of a Test, shown under the tested row. */
export interface TestOutcome {
  id: string
  isOk: boolean
  message: string
}

/**
 * A configured resource's Test and Remove (each a form, so they work without JavaScript too),
 * under `base` (`/settings/download-clients/<id>`), swapping `sectionId` with htmx.
 */
function ResourceActions(props: { base: string; name: string; what: string; sectionId: string }) {
  const swap = { 'hx-target': `#${props.sectionId}`, 'hx-swap': 'outerHTML' }
  return (
    <div class="row-buttons">
      <form method="post" action={`${props.base}/test`} hx-post={`${props.base}/test`} {...swap}>
        <button type="submit" class="secondary small" aria-label={`Test ${props.name}`}>
          Test
        </button>
      </form>
      <form
        method="post"
        action={`${props.base}/remove`}
        hx-post={`${props.base}/remove`}
        hx-confirm={`Remove the ${props.what} "${props.name}"?`}
        {...swap}
      >
        <button type="submit" class="danger small" aria-label={`Remove ${props.name}`}>
          Remove
        </button>
      </form>
    </div>
  )
}

/** The row under a resource's row saying how its Test went: news, or an alert. */
function TestOutcomeRow(props: { tested: TestOutcome | undefined; id: string; columns: number }) {
  const { tested } = props
  if (tested?.id !== props.id) return null
  return (
    <tr class="outcome-row">
      <td colspan={props.columns} class={tested.isOk ? 'outcome ok' : 'outcome bad'} role={tested.isOk ? 'status' : 'alert'}>
        {tested.message}
      </td>
    </tr>
  )
}

/** A column of a resource table: its header, its cell, and whether narrow screens leave it out. */
export interface ResourceColumn<T> {
  header: string
  cell: (item: T) => Child
  isHiddenNarrow?: boolean
  className?: string
}

/**
 * The configured resources, a row each with the `columns` and their Test and Remove (under
 * `${base}/<id>`), the outcome of a Test under its row.
 */
function ResourceTable<T extends { id: string; name: string }>(props: {
  items: T[]
  columns: ResourceColumn<T>[]
  base: string
  what: string
  sectionId: string
  tested?: TestOutcome
}) {
  const hidden = (column: ResourceColumn<T>) =>
    [column.className, column.isHiddenNarrow ? 'hide-narrow' : undefined].filter(Boolean).join(' ') || undefined
  return (
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th scope="col" class={column.isHiddenNarrow ? 'hide-narrow' : undefined}>
                {column.header}
              </th>
            ))}
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {props.items.map((item) => (
            <>
              <tr>
                {props.columns.map((column) => (
                  <td class={hidden(column)}>{column.cell(item)}</td>
                ))}
                <td>
                  <ResourceActions
                    base={`${props.base}/${encodeURIComponent(item.id)}`}
                    name={item.name}
                    what={props.what}
                    sectionId={props.sectionId}
                  />
                </td>
              </tr>
              <TestOutcomeRow tested={props.tested} id={item.id} columns={props.columns.length + 1} />
            </>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/**
 * A settings section of configured resources: heading, what it is for, their table (Test and
 * Remove post under `${path}/<id>`; `empty` says there is none) and the add form, which posts to
 * `path`; each form swaps the section with htmx.
 */
export function ResourceSection<T extends { id: string; name: string }>(props: {
  id: string
  heading: string
  about: string
  empty: string
  items: T[]
  columns: ResourceColumn<T>[]
  /** What one is called in a confirmation ("Remove the download client …?"). */
  what: string
  tested?: TestOutcome
  path: string
  formHeading: string
  notice?: string
  children: Child
}) {
  return (
    <section id={props.id} aria-labelledby={`${props.id}-heading`}>
      <h2 id={`${props.id}-heading`}>{props.heading}</h2>
      <p class="muted">{props.about}</p>
      {props.items.length === 0 ? (
        <p class="card muted">{props.empty}</p>
      ) : (
        <ResourceTable
          items={props.items}
          columns={props.columns}
          base={props.path}
          what={props.what}
          sectionId={props.id}
          tested={props.tested}
        />
      )}
      <form class="card add-form" method="post" action={props.path} hx-post={props.path} hx-target={`#${props.id}`} hx-swap="outerHTML">
        <h3>{props.formHeading}</h3>
        {props.children}
        <div class="form-actions">
          <button type="submit">{props.formHeading}</button>
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
