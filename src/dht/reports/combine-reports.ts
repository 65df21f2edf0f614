import type { CrawlerReport } from '../store-port'
import type { CrawlerStatus } from '../crawler-status'

/**
 * One status for the crawlers of a deployment, as an `api` process shows it: running when any
 * runs, the routing tables summed, crawling when any crawls, the first warning. The pause is the
 * operator's, shared by all, so it comes from the control row rather than from a report that may
 * predate it. No report: nothing is known to run.
 */
export function combineReports(reports: readonly CrawlerReport[], paused: boolean): CrawlerStatus {
  const statuses = reports.map((report) => report.status)
  return {
    running: statuses.some((status) => status.running),
    port: statuses.length === 1 ? statuses[0]!.port : null,
    warning: statuses.find((status) => status.warning)?.warning ?? null,
    routingNodes: statuses.reduce((sum, status) => sum + status.routingNodes, 0),
    // Paused by the operator: the crawlers follow within a tick, before their next report says so.
    mode: paused ? 'paused' : statuses.some((status) => status.mode === 'crawling') ? 'crawling' : (statuses[0]?.mode ?? 'crawling'),
    paused,
    schedule: statuses[0]?.schedule ?? null,
  }
}
