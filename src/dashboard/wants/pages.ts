import { Elysia } from 'elysia'
import { raw } from 'hono/html'
import { WantDetailPage, WantNotFoundPage } from '../../../views/pages/want-detail'
import { WantList, WantsPage } from '../../../views/pages/wants'
import { WantEditRow } from '../../../views/partials/want-edit-row'
import { EMPTY_WANT, type WantFormErrors, type WantFormValues } from '../../../views/partials/want-fields'
import { WANT_CONTENT_TYPES } from '../../vocabulary'
import { WantForm } from '../../../views/partials/want-form'
import { WantRow } from '../../../views/partials/want-row'
import { BadRequestError } from '../../http'
import type { AuthService } from '../auth'
import type { NotificationService } from '../notifications'
import { coreBaseFor, type SettingsService } from '../settings'
import { wantFeedUrl } from './feed-url'
import type { CreateWantInput, PriorityLabel, Want } from './model'
import { WantNotFoundError, type WantService } from './service'
import { fieldErrorOf, htmlPage, htmlPartial, isHtmx, pageChrome } from '../page-kit'

const PRIORITIES: readonly string[] = ['low', 'medium', 'high']

/** A want form as posted: every field read as text, each refusal named beside its field. */
function readWantForm(body: unknown): { values: WantFormValues; errors: WantFormErrors; input: CreateWantInput | null } {
  const raw = (body ?? {}) as Record<string, unknown>
  const text = (name: keyof WantFormValues) => (typeof raw[name] === 'string' ? (raw[name] as string) : '')
  const values: WantFormValues = {
    title: text('title'),
    content_type: text('content_type'),
    query: text('query'),
    priority: text('priority'),
    notes: text('notes'),
  }
  const errors: WantFormErrors = {}
  if (values.title.trim() === '') errors.title = 'Give the want a title.'
  else if (values.title.trim().length > 200) errors.title = 'At most 200 characters.'
  if (!(WANT_CONTENT_TYPES as readonly string[]).includes(values.content_type)) errors.content_type = 'Pick a content type.'
  if (values.query.trim() === '') errors.query = 'Say what to look for: words of the release name.'
  else if (values.query.trim().length > 500) errors.query = 'At most 500 characters.'
  else if (!/[\p{L}\p{N}]/u.test(values.query)) errors.query = 'Use at least one word (letters or digits).'
  if (!PRIORITIES.includes(values.priority)) errors.priority = 'Pick low, medium or high.'
  if (values.notes.length > 2000) errors.notes = 'At most 2000 characters.'
  const input =
    Object.keys(errors).length > 0
      ? null
      : {
          title: values.title.trim(),
          content_type: values.content_type as CreateWantInput['content_type'],
          query: values.query.trim(),
          priority: values.priority as PriorityLabel,
          notes: values.notes,
        }
  return { values, errors, input }
}

const WANT_FIELDS = ['title', 'content_type', 'query', 'priority', 'notes'] as const

/** The service's own refusal ("query: ...") shown beside the field it names. */
const fieldError = (err: BadRequestError): WantFormErrors => fieldErrorOf(err, WANT_FIELDS, 'title')

const valuesOf = (want: Want): WantFormValues => ({
  title: want.title,
  content_type: want.content_type,
  query: want.query,
  priority: want.priority,
  notes: want.notes,
})

/** /wants: create (errors beside the fields), edit in place, pause/resume, delete. Store-only: works without the core. */
export const wantsPage = (deps: {
  wants: WantService
  notifications: NotificationService
  auth: AuthService
  settings: SettingsService
}) => {
  const page = (form: { values: WantFormValues; errors: WantFormErrors }, status = 200) =>
    htmlPage(WantsPage({ wants: deps.wants.list(), ...pageChrome(deps), form }), status)
  const row = (want: Want, focus: 'edit' | 'status') => htmlPartial(WantRow({ want, focus }))
  /** A want that is gone (deleted elsewhere): its row goes too. */
  const gone = (err: unknown) => {
    if (err instanceof WantNotFoundError) return htmlPartial(raw(''))
    throw err
  }

  /** A want's page with its feed: the core's address as a reader elsewhere reaches it, the key masked on screen. */
  const detailPage = (want: Want, pageUrl: string) => {
    const { coreBaseUrl, loopback } = coreBaseFor(deps.settings.value('core_graphql_url'), pageUrl)
    const apiKey = deps.settings.value('torznab_api_key')
    const url = wantFeedUrl(want, coreBaseUrl, apiKey)
    // Masked after encoding: the bullets are for the eye, not part of the URL.
    const masked = apiKey ? url.replace(/([?&]apikey=)[^&]*/, `$1••••••••${apiKey.slice(-4)}`) : null
    return htmlPage(WantDetailPage({ want, feed: { url, masked, isLoopback: loopback === 'kept' }, ...pageChrome(deps) }))
  }

  return new Elysia({ name: 'dashboard-page-wants' })
    .get('/wants', () => page({ values: EMPTY_WANT, errors: {} }))
    .get('/wants/:id', ({ params, request }) => {
      try {
        return detailPage(deps.wants.get(params.id), request.url)
      } catch (err) {
        if (!(err instanceof WantNotFoundError)) throw err
        return htmlPage(WantNotFoundPage(pageChrome(deps)), 404)
      }
    })
    .post('/wants', ({ body, request }) => {
      const form = readWantForm(body)
      let errors = form.errors
      let created: Want | null = null
      if (form.input) {
        try {
          created = deps.wants.create(form.input)
        } catch (err) {
          if (!(err instanceof BadRequestError)) throw err
          errors = fieldError(err)
        }
      }
      if (!isHtmx(request)) {
        if (created) return new Response(null, { status: 303, headers: { location: '/wants' } })
        return page({ values: form.values, errors }, 400)
      }
      if (!created) return htmlPartial(WantForm({ values: form.values, errors }))
      return htmlPartial(
        raw(
          `${WantForm({ values: EMPTY_WANT, errors: {}, added: created.title })}${WantList({ wants: deps.wants.list(), outOfBand: true })}`,
        ),
      )
    })
    .get('/wants/:id/edit', ({ params }) => {
      try {
        const want = deps.wants.get(params.id)
        return htmlPartial(WantEditRow({ want, values: valuesOf(want), errors: {} }))
      } catch (err) {
        return gone(err)
      }
    })
    .get('/wants/:id/row', ({ params }) => {
      try {
        return row(deps.wants.get(params.id), 'edit')
      } catch (err) {
        return gone(err)
      }
    })
    .put('/wants/:id', ({ params, body }) => {
      try {
        const want = deps.wants.get(params.id)
        const form = readWantForm(body)
        if (!form.input) return htmlPartial(WantEditRow({ want, values: form.values, errors: form.errors }))
        try {
          return row(deps.wants.update(want.id, form.input), 'edit')
        } catch (err) {
          if (!(err instanceof BadRequestError)) throw err
          return htmlPartial(WantEditRow({ want, values: form.values, errors: fieldError(err) }))
        }
      } catch (err) {
        return gone(err)
      }
    })
    .put('/wants/:id/status', ({ params, body }) => {
      const status = (body as { status?: unknown } | undefined)?.status
      if (status !== 'active' && status !== 'paused') return htmlPartial(raw('status must be active or paused'), 400)
      try {
        return row(deps.wants.update(params.id, { status }), 'status')
      } catch (err) {
        return gone(err)
      }
    })
    .delete('/wants/:id', ({ params }) => {
      try {
        deps.wants.remove(params.id)
      } catch (err) {
        return gone(err)
      }
      // htmx swaps the row's outerHTML with nothing: the row goes.
      return htmlPartial(raw(''))
    })
}
