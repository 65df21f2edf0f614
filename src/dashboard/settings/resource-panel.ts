import { Elysia, t } from 'elysia'
import type { HtmlEscapedString } from 'hono/utils/html'
import { AUDIT_STALE_EVENT } from '../../../views/partials/audit-log'
import type { TestOutcome } from '../../../views/partials/resource-section'
import { BadRequestError } from '../../http'
import { type AuthService, type Identity, pageAuth } from '../auth'
import { fieldErrorOf, htmlPartial, isHtmx, staleParts } from '../page-kit'

/** What a section of configured resources shows besides the list: the add form as typed, refusals, news, a Test's outcome. */
export interface SectionChange<Draft> {
  draft?: Draft
  errors?: Partial<Record<string, string>>
  notice?: string
  tested?: TestOutcome
}

/** One kind of resource the settings page configures (download clients, notification targets). */
export interface ResourcePanelConfig<Draft, Input> {
  /** Where its forms post: `${path}` adds, `${path}/:id/test` and `${path}/:id/remove`. */
  path: string
  /** The fields a service's refusal may name (the first takes the others). */
  fields: readonly [string, ...string[]]
  readForm(body: unknown): { draft: Draft; input: Input }
  create(input: Input, changedBy: string): { name: string }
  /** Its name, for the news; throws `isGone` when there is none. */
  nameOf(id: string): string
  remove(id: string, changedBy: string): void
  /** Tests it; answers the news, or throws. */
  test(id: string): Promise<string>
  /** The sentence for a failed test, or null when `err` is not one. */
  testFailureOf(err: unknown): string | null
  isGone(err: unknown): boolean
  /** "That … was removed meanwhile." */
  goneNotice: string
  /** The section alone, with its list as it is now (what htmx swaps). */
  section(change: SectionChange<Draft>): HtmlEscapedString | Promise<HtmlEscapedString>
  /** The whole settings page for `identity` with the section changed (what a form posted without htmx gets). */
  page(identity: Identity, change: SectionChange<Draft>, status: number): Promise<Response>
}

const ResourceParams = t.Object({ id: t.String({ maxLength: 64 }) })

/**
 * The routes of a settings section of configured resources: add, test and remove. With htmx each
 * answers the section (200 even with a refusal in it, so htmx swaps it; the audit log below is
 * told to refresh after a change); without, the whole settings page with the right status.
 */
export function resourcePanel<Draft, Input>(name: string, deps: { auth: AuthService }, config: ResourcePanelConfig<Draft, Input>) {
  const answer = (asker: { request: Request; identity: Identity }, change: SectionChange<Draft>, status = 200, isChanged = false) =>
    isHtmx(asker.request)
      ? htmlPartial(config.section(change), 200, isChanged ? staleParts(AUDIT_STALE_EVENT) : {})
      : config.page(asker.identity, change, status)

  /** Removed meanwhile (another tab): the list as it is now, saying so. */
  const gone = (asker: { request: Request; identity: Identity }, err: unknown) => {
    if (!config.isGone(err)) throw err
    return answer(asker, { notice: config.goneNotice }, 404)
  }

  return new Elysia({ name })
    .use(pageAuth(deps))
    .post(config.path, ({ body, request, identity }) => {
      const asker = { request, identity: identity! }
      const form = config.readForm(body)
      try {
        const created = config.create(form.input, asker.identity.actor)
        return answer(asker, { notice: `Added “${created.name}”.` }, 200, true)
      } catch (err) {
        if (!(err instanceof BadRequestError)) throw err
        return answer(asker, { draft: form.draft, errors: fieldErrorOf(err, config.fields, config.fields[0]) }, 400)
      }
    })
    .post(
      `${config.path}/:id/test`,
      async ({ params, request, identity }) => {
        const asker = { request, identity: identity! }
        try {
          return answer(asker, { tested: { id: params.id, isOk: true, message: await config.test(params.id) } })
        } catch (err) {
          const failure = config.testFailureOf(err)
          if (failure === null) return gone(asker, err)
          return answer(asker, { tested: { id: params.id, isOk: false, message: failure } }, 502)
        }
      },
      { params: ResourceParams },
    )
    .post(
      `${config.path}/:id/remove`,
      ({ params, request, identity }) => {
        const asker = { request, identity: identity! }
        try {
          const resourceName = config.nameOf(params.id)
          config.remove(params.id, asker.identity.actor)
          return answer(asker, { notice: `Removed “${resourceName}”.` }, 200, true)
        } catch (err) {
          return gone(asker, err)
        }
      },
      { params: ResourceParams },
    )
}
