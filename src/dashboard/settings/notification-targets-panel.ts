import { type NotificationTargetDraft, NotificationTargetsSection } from '../../../views/partials/notification-targets-section'
import { type CreateNotificationTargetInput, NotificationTargetFailedError, NotificationTargetNotFoundError } from '../notification-targets'
import { formList, formText } from '../page-kit'
import { resourcePanel } from './resource-panel'
import { notificationTargetsNow, type SettingsPageDeps, settingsPageResponse } from './pages'

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

/** The settings page's notification targets: add, test (sends a test notice now) and remove. */
export const notificationTargetsPanel = (deps: SettingsPageDeps) =>
  resourcePanel('dashboard-page-notification-targets', deps, {
    path: '/settings/notification-targets',
    fields: ['name', 'kind', 'url', 'token', 'events'],
    readForm: readTargetForm,
    create: (input, changedBy) => deps.notificationTargets.create(input, changedBy),
    nameOf: (id) => deps.notificationTargets.get(id).name,
    remove: (id, changedBy) => deps.notificationTargets.remove(id, changedBy),
    test: async (id) => {
      await deps.notificationTargets.test(id)
      return 'Sent a test notification: it should be there now.'
    },
    testFailureOf: (err) => (err instanceof NotificationTargetFailedError ? `Not delivered: ${err.message}` : null),
    isGone: (err) => err instanceof NotificationTargetNotFoundError,
    goneNotice: 'That notification target was removed meanwhile.',
    section: (change) => NotificationTargetsSection({ ...change, ...notificationTargetsNow(deps.notificationTargets) }),
    page: (identity, change, status) => settingsPageResponse(deps, identity, { notificationTargets: change }, status),
  })
