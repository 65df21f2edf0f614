import { CONTENT_TYPES } from '../../src/dashboard/library/model'
import { Layout, chromeOf, type PageChrome } from '../layout'
import { contentTypeLabel } from '../partials/library-content-type'
import { LIBRARY_RESULTS_ID, LibraryResults, type LibraryResultsProps } from '../partials/library-results'

export interface LibraryPageProps extends LibraryResultsProps, PageChrome {}

/**
 * The search form works as a plain GET form; with htmx, typing (debounced) and the selects swap
 * only the results and push the URL, so the address bar always reflects what is shown.
 */
export function LibraryPage(props: LibraryPageProps) {
  const { filter } = props
  const live = {
    'hx-get': '/library',
    'hx-target': `#${LIBRARY_RESULTS_ID}`,
    'hx-swap': 'outerHTML',
    'hx-push-url': 'true',
    'hx-include': 'closest form',
  }
  return (
    <Layout title="Library" active="/library" {...chromeOf(props)}>
      <form class="card library-search" action="/library" method="get" {...live}>
        <div class="row">
          <div class="field grow">
            <label for="library-q">Search</label>
            <input
              id="library-q"
              type="search"
              name="q"
              value={filter.q}
              maxlength={500}
              placeholder="Title, year, group…"
              autocomplete="off"
              {...live}
              hx-trigger="input changed delay:300ms, search"
            />
          </div>
          <div class="field">
            <label for="library-type">Content type</label>
            <select id="library-type" name="content_type" {...live} hx-trigger="change">
              <option value="">All types</option>
              {CONTENT_TYPES.map((type) => (
                <option value={type} selected={type === filter.contentType}>
                  {contentTypeLabel(type)}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="library-order">Order</label>
            <select id="library-order" name="order" {...live} hx-trigger="change">
              <option value="newest" selected={filter.order === 'newest'}>
                Newest first
              </option>
              <option value="relevance" selected={filter.order === 'relevance'}>
                Best match
              </option>
            </select>
          </div>
          <div class="field shrink">
            <button type="submit">Search</button>
          </div>
        </div>
      </form>
      <LibraryResults {...props} />
    </Layout>
  )
}
