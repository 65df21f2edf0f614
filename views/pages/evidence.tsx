import { Layout, chromeOf, type PageChrome } from '../layout'
import type { EvidenceEventView } from '../partials/evidence-row'
import { EvidenceTable } from '../partials/evidence-table'

export interface EvidencePageProps extends PageChrome {
  events: EvidenceEventView[]
  offset: number
  pageSize: number
  hasNext: boolean
  coreUnavailable: boolean
}

/** The id of the first page's table body, refilled by /evidence/rows as reports arrive. */
export const EVIDENCE_ROWS_ID = 'evidence-rows'

/**
 * `/evidence`: every report the clients sent, newest first, 50 a page. The first page is live (new
 * reports appear at the top); later pages hold still, so rows do not move under the reader.
 */
export function EvidencePage(props: EvidencePageProps) {
  const isFirst = props.offset === 0
  const from = props.offset + 1
  const to = props.offset + props.events.length
  return (
    <Layout title="Evidence" active="/evidence" {...chromeOf(props)}>
      <div>
        <div class="toolbar">
          <p class="muted">
            {props.events.length === 0
              ? isFirst
                ? 'Grabs, downloads and imports your *arr apps reported, newest first.'
                : 'Nothing on this page.'
              : `Reports ${from}-${to}, newest first${isFirst ? '; new ones appear as they arrive' : ''}.`}
          </p>
        </div>
        <EvidenceTable
          events={props.events}
          caption="Evidence reports"
          bodyId={EVIDENCE_ROWS_ID}
          liveUrl={isFirst ? '/evidence/rows' : undefined}
        />
        <nav class="evidence-pager" aria-label="Evidence pages">
          {isFirst ? (
            <span />
          ) : (
            <a href={`/evidence?offset=${Math.max(0, props.offset - props.pageSize)}`} rel="prev">
              Previous
            </a>
          )}
          {props.hasNext ? (
            <a href={`/evidence?offset=${props.offset + props.pageSize}`} rel="next">
              Next
            </a>
          ) : null}
        </nav>
      </div>
    </Layout>
  )
}
