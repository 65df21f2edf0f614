import { formatAge, formatExactTime } from '../format'

/** A relative time with the exact one on hover, as a <time> element. */
export function TimeAgo(props: { iso: string }) {
  return (
    <time datetime={props.iso} title={formatExactTime(props.iso)}>
      {formatAge(props.iso)}
    </time>
  )
}
