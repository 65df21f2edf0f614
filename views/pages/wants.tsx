import { Layout, chromeOf, type PageChrome } from '../layout'
import type { WantFormErrors, WantFormValues } from '../partials/want-fields'
import { WantForm } from '../partials/want-form'
import { WantRow, type WantView } from '../partials/want-row'

/** The id of the wants table, replaced out of band when the create form adds one. */
export const WANT_LIST_ID = 'want-list'

export interface WantListProps {
  wants: WantView[]
}

export function WantList(props: WantListProps & { outOfBand?: boolean }) {
  const oob = props.outOfBand ? { 'hx-swap-oob': 'true' } : {}
  if (props.wants.length === 0)
    return (
      <div id={WANT_LIST_ID} class="card muted" {...oob}>
        No wants yet. Add one above: the indexer favours torrents that match an active want and tells you when one arrives.
      </div>
    )
  return (
    <div id={WANT_LIST_ID} class="table-wrap" {...oob}>
      <table>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col" class="hide-narrow">
              Type
            </th>
            <th scope="col" class="hide-narrow">
              Query
            </th>
            <th scope="col" class="hide-narrow">
              Priority
            </th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {props.wants.map((want) => (
            <WantRow want={want} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

export interface WantsPageProps extends WantListProps, PageChrome {
  form: { values: WantFormValues; errors: WantFormErrors }
}

export function WantsPage(props: WantsPageProps) {
  return (
    <Layout title="Wants" active="/wants" {...chromeOf(props)}>
      <WantForm values={props.form.values} errors={props.form.errors} />
      <h2>Your wants</h2>
      <WantList wants={props.wants} />
    </Layout>
  )
}
