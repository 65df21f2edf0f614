import { Elysia, t } from 'elysia'
import { AUDIT_STALE_EVENT } from '../../../views/partials/audit-log'
import {
  type NotificationTargetDraft,
  NotificationTargetsSection,
  type NotificationTargetsSectionProps,
} from '../../../views/partials/notification-targets-section'
import { BadRequestError } from '../../http'
import { NotificationTargetFailedError, NotificationTargetNotFoundError } from '../notification-targets/errors'
import type { CreateNotificationTargetInput } from '../notification-targets/model'
import { fieldErrorOf, formList, formText } from './field-errors'
import { pageAuth } from './page-auth'
import { htmlPartial, isHtmx, staleParts } from './render'
import { type SettingsPageDeps, settingsPageResponse } from './settings-page'

const TARGET_FIELDS = ['name', 'kind', 'url', 'token', 'events'] as const
const TargetParams = t.Object({ id: t.String({ maxLength: 64 }) })

/** The add form as posted; the service checks it (and names the field it refuses). */
function readTargetForm(body: unknown): { draft: NotificationTargetDraft; input: CreateNotificationTargetInput } {
  const draft = {
    name: formText(body, 'name'),
    kind: formText(body, 'kind'),
    url: formText(body, 'url'),
    events: formList((body as Record<string, unknown> | undefined)?.events),
  }
  return {
    draft,
    input: {
      ...draft,
      kind: draft.kind as CreateNotificationTargetInput['kind'],
      events: draft.events as CreateNotificationTargetInput['events'],
      token: formText(body, 'token'),
    },
  }
}

/**
 * The settings page's notification targets: add, test (sends now) and remove. With htmx each
 * answers the section (200 even with a refusal in it); without, the whole settings page.
 */
export const notificationTargetsPanel = (deps: SettingsPageDeps) => {
  const answer = (request: Request, section: Omit<NotificationTargetsSectionProps, 'targets'>, status = 200, changed = false) =>
    isHtmx(request)
      ? htmlPartial(
          NotificationTargetsSection({ ...section, targets: deps.notificationTargets.list() }),
          200,
          changed ? staleParts(AUDIT_STALE_EVENT) : {},
        )
      : settingsPageResponse(deps, { notificationTargets: section }, status)

  const gone = (request: Request, err: unknown) => {
    if (!(err instanceof NotificationTargetNotFoundError)) throw err
    return answer(request, { notice: 'That notification target was removed meanwhile.' }, 404)
  }

  return new Elysia({ name: 'dashboard-page-notification-targets' })
    .use(pageAuth(deps))
    .post('/settings/notification-targets', ({ body, request, identity }) => {
      const form = readTargetForm(body)
      try {
        const created = deps.notificationTargets.create(form.input, identity!.id)
        return answer(request, { notice: `Added “${created.name}”.` }, 200, true)
      } catch (err) {
        if (!(err instanceof BadRequestError)) throw err
        return answer(request, { draft: form.draft, errors: fieldErrorOf(err, TARGET_FIELDS, 'name') }, 400)
      }
    })
    .post(
      '/settings/notification-targets/:id/test',
      async ({ params, request }) => {
        try {
          await deps.notificationTargets.test(params.id)
          return answer(request, { tested: { id: params.id, isOk: true, message: 'Sent a test notification: it should be there now.' } })
        } catch (err) {
          if (!(err instanceof NotificationTargetFailedError)) return gone(request, err)
          return answer(request, { tested: { id: params.id, isOk: false, message: `Not delivered: ${err.message}` } }, 502)
        }
      },
      { params: TargetParams },
    )
    .post(
      '/settings/notification-targets/:id/remove',
      ({ params, request, identity }) => {
        try {
          const { name } = deps.notificationTargets.get(params.id)
          deps.notificationTargets.remove(params.id, identity!.id)
          return answer(request, { notice: `Removed “${name}”.` }, 200, true)
        } catch (err) {
          return gone(request, err)
        }
      },
      { params: TargetParams },
    )
}
