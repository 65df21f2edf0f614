import type { ContentType, UNCLASSIFIED } from '../../src/vocabulary'
import { formatCount } from '../format'

/** Content types as a breakdown names its rows (plural); an unknown one is shown as sent. */
const CATEGORY_LABELS: Record<string, string> & Readonly<Record<ContentType | typeof UNCLASSIFIED, string>> = {
  movie: 'Movies',
  tv_show: 'TV',
  music: 'Music',
  ebook: 'E-books',
  comic: 'Comics',
  audiobook: 'Audiobooks',
  game: 'Games',
  software: 'Software',
  xxx: 'XXX',
  other: 'Other',
  unknown: 'Unclassified',
}

const ROW_HEIGHT = 28
const WIDTH = 400

/**
 * The category breakdown (spec 2.1 Stats) as one SVG bar per content type, largest first. Each
 * row's name and count are HTML beside the bar so they stay legible when the SVG scales.
 */
export function CategoryChart(props: { breakdown: Record<string, number> }) {
  const entries = Object.entries(props.breakdown)
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1])
  const max = Math.max(1, ...entries.map(([, count]) => count))
  return (
    <figure class="chart">
      <figcaption>
        <span>Torrents by category</span>
      </figcaption>
      {entries.length === 0 ? (
        <p class="muted">Nothing indexed yet.</p>
      ) : (
        <ul class="category-bars">
          {entries.map(([type, count]) => {
            const label = CATEGORY_LABELS[type] ?? type
            return (
              <li>
                <span class="category-name">{label}</span>
                <svg viewBox={`0 0 ${WIDTH} ${ROW_HEIGHT}`} preserveAspectRatio="none" aria-hidden="true">
                  <rect class="chart-bar" x="0" y="6" height={ROW_HEIGHT - 12} width={Math.max(2, (count / max) * WIDTH)} />
                </svg>
                <span class="category-count">{formatCount(count)}</span>
              </li>
            )
          })}
        </ul>
      )}
    </figure>
  )
}
