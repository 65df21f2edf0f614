import { hideUrlSecrets } from '../config'
import { readCappedBody } from '../http'
import { ExportPullError } from './errors'
import type { ImportSession } from './import-session'
import { countBytes, importJsonLines } from './json-lines-input'

/** Torrents asked for per page when the URL does not say: the export's most, so a catch-up takes few requests. */
const PULL_PAGE_LIMIT = 10_000
/** Longest a page may take to arrive (10,000 lines are about 3 MB): past it the source counts as failed. */
const PAGE_TIMEOUT_MS = 10 * 60_000
/** Most of an error answer read for its message. */
const ERROR_BODY_BYTES = 4096

export interface PullOptions {
  session: ImportSession
  /** The cursor to carry on after; null starts at the source's first torrent. */
  after: string | null
  /** Called once each page's lines are committed, with where to resume after it. */
  onPage?: (page: { resumeCursor: string; number: number }) => Promise<void> | void
  onBytes?: (bytes: number) => void
  /** Aborted to stop early: the page being read ends at its last complete line and is not counted done. */
  stop?: AbortSignal
  pageTimeoutMs?: number
}

export interface PullReport {
  /** Pages read to their end and committed. */
  pages: number
  /** Where to resume: after the last page committed (the cursor given when none was). */
  resumeCursor: string | null
  /** False when stopped part-way. */
  isComplete: boolean
}

/**
 * Pulls another instance's export (GET /export) to its end: a page at a time, following
 * X-Next-Cursor, each page's lines fed to the import session (the same checks as any import)
 * and committed before the next is asked for. Throws ExportPullError when the source cannot be
 * reached, answers anything but a page, or breaks one off; the pages before it stay committed.
 */
export async function pullExport(url: string, options: PullOptions): Promise<PullReport> {
  const source = hideUrlSecrets(url)
  let after = options.after
  let pages = 0
  for (;;) {
    const page = await pullPage(url, source, after, pages + 1, options)
    if (page === 'stopped') return { pages, resumeCursor: after, isComplete: false }
    pages++
    const resumeCursor = page.resumeCursor ?? after
    if (resumeCursor !== null) await options.onPage?.({ resumeCursor, number: pages })
    // A source that hands back the cursor it was given would be asked the same page for ever.
    if (page.nextCursor === null || page.nextCursor === after) return { pages, resumeCursor, isComplete: true }
    after = page.nextCursor
  }
}

async function pullPage(
  url: string,
  source: string,
  after: string | null,
  number: number,
  options: PullOptions,
): Promise<{ nextCursor: string | null; resumeCursor: string | null } | 'stopped'> {
  const { stop, session } = options
  const timeout = AbortSignal.timeout(options.pageTimeoutMs ?? PAGE_TIMEOUT_MS)
  const signal = stop ? AbortSignal.any([stop, timeout]) : timeout
  const request = pageRequest(url, after)
  let response: Response
  try {
    response = await fetch(request.href, { headers: request.headers, signal })
  } catch (err) {
    if (stop?.aborted) return 'stopped'
    throw new ExportPullError(`${source} could not be reached: ${(err as Error).message}`, { cause: err })
  }
  if (response.status !== 200) throw new ExportPullError(`${source} answered HTTP ${response.status}${await detailOf(response)}`)
  if (!response.headers.get('content-type')?.startsWith('application/x-ndjson') || !response.body)
    throw new ExportPullError(`${source} did not answer with JSON Lines: is it the /export of an instance?`)
  let failure: unknown = null
  try {
    const body = options.onBytes ? countBytes(response.body, options.onBytes) : response.body
    await importJsonLines(body, `${source} page ${number}`, session, signal)
  } catch (err) {
    failure = err
  }
  // What arrived before a stop or a failure is imported; the page is not counted done.
  await session.drainLines()
  if (stop?.aborted) return 'stopped'
  if (signal.aborted)
    throw new ExportPullError(`${source} took longer than ${(options.pageTimeoutMs ?? PAGE_TIMEOUT_MS) / 1000} s for page ${number}`)
  if (failure) throw new ExportPullError(`${source} broke off page ${number}: ${(failure as Error).message}`, { cause: failure })
  await session.finish()
  return { nextCursor: response.headers.get('x-next-cursor'), resumeCursor: response.headers.get('x-resume-cursor') }
}

/**
 * The page's URL and headers: the cursor and a page size set, and credentials before the host sent
 * as HTTP basic auth (a fetch URL may not carry them; the export takes the key as the password).
 */
function pageRequest(url: string, after: string | null): { href: string; headers: Record<string, string> } {
  const target = new URL(url)
  const headers: Record<string, string> = { accept: 'application/x-ndjson' }
  if (target.username || target.password) {
    const credentials = `${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`
    target.username = ''
    target.password = ''
  }
  target.searchParams.delete('after')
  if (after !== null) target.searchParams.set('after', after)
  if (!target.searchParams.has('limit')) target.searchParams.set('limit', String(PULL_PAGE_LIMIT))
  return { href: target.href, headers }
}

/** `: message` from the source's JSON error answer, cut short and stripped of control characters; '' when it has none. */
async function detailOf(response: Response): Promise<string> {
  const body = await readCappedBody(response, ERROR_BODY_BYTES).catch(() => '')
  if (body === 'too_large') return ''
  try {
    const message = (JSON.parse(body) as { message?: unknown }).message
    return typeof message === 'string' ? `: ${message.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 200)}` : ''
  } catch {
    return ''
  }
}
