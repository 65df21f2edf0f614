import { formatCount } from '../format'

export interface ChartBar {
  /** What the bar's tooltip names, e.g. "Tue 14:00 UTC". */
  label: string
  value: number
}

export interface BarChartProps {
  /** The chart's accessible name; the total is added to it. */
  title: string
  bars: ChartBar[]
  /** The words under the first and the last bar ("24 h ago", "now"). */
  startLabel: string
  endLabel: string
}

const WIDTH = 600
const HEIGHT = 160
const GAP = 0.2

/**
 * Columns over time as server-rendered SVG (no chart code in the page). The SVG stretches to its
 * box; its labels are HTML beside it, so they stay legible on a phone.
 */
export function BarChart(props: BarChartProps) {
  const max = Math.max(1, ...props.bars.map((bar) => bar.value))
  const total = props.bars.reduce((sum, bar) => sum + bar.value, 0)
  const slot = WIDTH / Math.max(1, props.bars.length)
  return (
    <figure class="chart">
      <figcaption>
        <span>{props.title}</span>
        <span class="muted">{`${formatCount(total)} in all · peak ${formatCount(max)}`}</span>
      </figcaption>
      <div class="chart-plot">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={`${props.title}: ${formatCount(total)} torrents, at most ${formatCount(max)} in one period`}
        >
          <line class="chart-axis" x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} />
          {props.bars.map((bar, index) => {
            const height = bar.value === 0 ? 0 : Math.max(2, (bar.value / max) * (HEIGHT - 4))
            return (
              <rect class="chart-bar" x={index * slot + (slot * GAP) / 2} y={HEIGHT - height} width={slot * (1 - GAP)} height={height}>
                <title>{`${bar.label}: ${formatCount(bar.value)}`}</title>
              </rect>
            )
          })}
        </svg>
      </div>
      <div class="chart-ends muted" aria-hidden="true">
        <span>{props.startLabel}</span>
        <span>{props.endLabel}</span>
      </div>
    </figure>
  )
}
