import { formatCount } from '../format'
import { contentTypeLabel } from '../../src/vocabulary'
import { FACET_HEADINGS, FACET_KEYS, type FacetKeyView, LIBRARY_SEARCH_FORM_ID, type LibraryFilter, liveSearch } from './library-filter'

/** A facet value with how many matches have it (an estimate past the core's census). */
export interface FacetValueView {
  value: string
  label: string
  count: number
  isEstimate: boolean
}

const FACETS = FACET_KEYS.map((key) => ({ key, heading: FACET_HEADINGS[key] }))

/** The id of the facet lists, swapped out of band with each result page (their panel keeps its open state). */
export const LIBRARY_FACETS_ID = 'library-facets'

/** Values listed per facet: the commonest, and every ticked one. */
const SHOWN_VALUES = 10

function valuesToShow(facet: { key: FacetKeyView }, counted: FacetValueView[], ticked: string[]): FacetValueView[] {
  const shown = counted.slice(0, SHOWN_VALUES)
  for (const value of ticked)
    if (!shown.some((entry) => entry.value === value)) shown.push({ value, label: value, count: 0, isEstimate: false })
  const label = (entry: FacetValueView) =>
    facet.key === 'content_type'
      ? contentTypeLabel(entry.value)
      : facet.key === 'file_type'
        ? `${entry.label[0]?.toUpperCase() ?? ''}${entry.label.slice(1)}`
        : entry.label
  const shownEntries = shown.map((entry) => ({ ...entry, label: label(entry) }))
  // Years and resolutions read best in their own order; the rest commonest first, as counted.
  if (facet.key === 'year') shownEntries.sort((a, b) => Number(b.value) - Number(a.value))
  if (facet.key === 'resolution') shownEntries.sort((a, b) => Number.parseInt(b.value, 10) - Number.parseInt(a.value, 10))
  return shownEntries
}

function FacetCount(props: { value: FacetValueView }) {
  return (
    <span class="facet-count">
      {props.value.isEstimate ? (
        <>
          <span aria-hidden="true">~</span>
          <span class="visually-hidden">about </span>
        </>
      ) : null}
      {formatCount(props.value.count)}
    </span>
  )
}

/**
 * The facets beside the list, bitmagnet's: each value with how many matches have it, ticked to
 * narrow (any ticked value of a facet, every facet). The boxes belong to the search form, so the
 * form without JavaScript sends them too ("Apply"); with htmx a tick re-lists at once.
 */
export function LibraryFacets(props: {
  filter: LibraryFilter
  facets: Record<FacetKeyView, FacetValueView[]> | null
  isOutOfBand?: boolean
}) {
  const oob = props.isOutOfBand ? { 'hx-swap-oob': 'true' } : {}
  return (
    <div id={LIBRARY_FACETS_ID} class="facets" {...oob}>
      {FACETS.map((facet) => {
        const ticked = props.filter.facets[facet.key]
        const values = valuesToShow(facet, props.facets?.[facet.key] ?? [], ticked)
        if (values.length === 0) return null
        return (
          <fieldset class="facet">
            <legend>{facet.heading}</legend>
            {values.map((value) => {
              const id = `facet-${facet.key}-${value.value}`
              return (
                <div class="facet-value">
                  <input
                    type="checkbox"
                    id={id}
                    name={facet.key}
                    value={value.value}
                    form={LIBRARY_SEARCH_FORM_ID}
                    checked={ticked.includes(value.value)}
                    {...liveSearch}
                    hx-trigger="change"
                  />
                  <label for={id}>
                    <span class="facet-label">{value.label}</span> <FacetCount value={value} />
                  </label>
                </div>
              )
            })}
          </fieldset>
        )
      })}
      <noscript>
        <button type="submit" form={LIBRARY_SEARCH_FORM_ID} class="secondary">
          Apply filters
        </button>
      </noscript>
    </div>
  )
}
