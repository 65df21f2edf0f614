import { Elysia } from 'elysia'
import { DiskFullPage } from '../../views/pages/disk-full'
import { ConfirmationRequiredError, TooManyAuthFailuresError } from './auth'
import { CoreRefusedError } from './core-client'
import { htmlPage } from './page-kit'

/** SQLite's answer when a write needs a page the disk has no room for. */
const isDiskFull = (error: unknown) => (error as { code?: unknown } | null)?.code === 'SQLITE_FULL'

const DISK_FULL_MESSAGE =
  "the disk holding the dashboard's store (DASHBOARD_DB_PATH) is full: nothing was saved. Free some space and try again"

/** A browser's page or form, not the API: it is answered a page a person can read. */
const isPageRequest = (request: Request) =>
  !new URL(request.url, 'http://localhost').pathname.startsWith('/api/') && (request.headers.get('accept') ?? '').includes('text/html')

/**
 * The dashboard's own error answers, ahead of the shared JSON ones (json-errors.ts), in the same
 * `{error, message}` form: 429 with Retry-After for an address past its key tries, 403 for a change
 * left unconfirmed, 502 for a change the core refused, and 507 when the disk is full (a write the
 * store could not make is the operator's to fix, not a bare 500; a browser gets it as a page).
 */
export const dashboardErrorAnswers = new Elysia({ name: 'dashboard-error-answers' }).onError(
  { as: 'scoped' },
  ({ error, request, set }) => {
    if (error instanceof TooManyAuthFailuresError) {
      set.status = 429
      set.headers['retry-after'] = String(error.retryAfterSeconds)
      return { error: error.code, message: error.message }
    }
    if (error instanceof ConfirmationRequiredError) {
      set.status = 403
      return { error: error.code, message: error.message }
    }
    if (error instanceof CoreRefusedError) {
      set.status = 502
      return { error: error.code, message: error.message }
    }
    if (isDiskFull(error)) {
      if (isPageRequest(request))
        return htmlPage(DiskFullPage({ message: `${DISK_FULL_MESSAGE[0]!.toUpperCase()}${DISK_FULL_MESSAGE.slice(1)}.` }), 507)
      set.status = 507
      return { error: 'disk_full', message: DISK_FULL_MESSAGE }
    }
  },
)
