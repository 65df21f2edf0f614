import { SingleBar } from 'cli-progress'
import type { Reclassifier } from './reclassify'
import type { ReclassifyFilter } from './store-port'

export const RECLASSIFY_USAGE = 'reclassify (--all | --content-type TYPE | --since YYYY-MM-DD) [--content-type TYPE] [--since YYYY-MM-DD]'

/** The filter `cli reclassify` arguments ask for, or the reason they are wrong. */
export function parseReclassifyArgs(args: string[]): ReclassifyFilter | string {
  const filter: ReclassifyFilter = {}
  let all = false
  for (let i = 0; i < args.length; i++) {
    const flag = args[i]
    if (flag === '--all') all = true
    else if (flag === '--content-type') {
      const value = args[++i]
      if (!value) return '--content-type needs a content type'
      filter.contentType = value
    } else if (flag === '--since') {
      const value = args[++i] ?? ''
      const ms = /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : NaN
      if (Number.isNaN(ms)) return `--since needs a date (YYYY-MM-DD), not "${value}"`
      filter.sinceSeconds = Math.floor(ms / 1000)
    } else return `unknown argument ${flag}`
  }
  if (!all && filter.contentType === undefined && filter.sinceSeconds === undefined)
    return 'say which torrents: --all, --content-type or --since'
  return filter
}

/** Runs a re-classification with a bar on a terminal, or a line per 10 batches otherwise. */
export async function runReclassify(
  reclassifier: Reclassifier,
  filter: ReclassifyFilter,
  output: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream; isTTY: boolean },
) {
  const total = await reclassifier.count(filter)
  const bar = output.isTTY
    ? new SingleBar({
        format: 'reclassify |{bar}| {value}/{total} | {changed} changed, {deleted} deleted | ETA {eta_formatted}',
        stream: output.stderr,
      })
    : undefined
  bar?.start(total, 0, { changed: 0, deleted: 0 })
  let batches = 0
  const report = await reclassifier.run(filter, (progress) => {
    bar?.update(progress.processed, { changed: progress.changed, deleted: progress.deleted })
    if (!bar && ++batches % 10 === 0) output.stderr.write(`reclassify progress: ${progress.processed} of ${total}\n`)
  })
  bar?.stop()
  output.stdout.write(`reclassified ${report.processed}, changed ${report.changed}, deleted ${report.deleted}\n`)
  return report
}
