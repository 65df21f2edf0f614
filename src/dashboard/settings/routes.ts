import { Elysia } from 'elysia'
import type { AuthPlugin, AuthService } from '../auth'
import type { ApiKeyRotation } from './api-key-rotation'
import { CONFIRMED_SETTINGS, OverrideBody, readRegenerateBody, SettingParams } from './model'
import type { SettingsService } from './service'
import { isSettingKey } from '../../vocabulary'

/** Where a delete request (no body) and any other request may carry the confirming key. */
const CONFIRM_HEADER = 'x-confirm-key'

const needsConfirming = (key: string) => isSettingKey(key) && CONFIRMED_SETTINGS.has(key)

/**
 * The settings API of spec 4.1: list, override, clear, and the key rotation. Changes that widen
 * trust or replace a key are confirmed with the dashboard key first (DESIGN.md 7.2); each change is
 * audited under the identity that made it.
 */
export const settingsRoutes = (deps: {
  settings: SettingsService
  apiKeyRotation: ApiKeyRotation
  auth: AuthService
  authPlugin: AuthPlugin
}) =>
  new Elysia({ name: 'dashboard-settings', prefix: '/api/settings' })
    .use(deps.authPlugin)
    .get('/', () => ({ items: deps.settings.list() }))
    .put(
      '/overrides/:key',
      ({ params, body, identity, clientAddress, request }) => {
        if (needsConfirming(params.key))
          deps.auth.confirm(identity, body.confirm_key ?? request.headers.get(CONFIRM_HEADER) ?? undefined, clientAddress)
        return deps.settings.setOverride(params.key, body.value, identity.actor)
      },
      { params: SettingParams, body: OverrideBody },
    )
    .delete(
      '/overrides/:key',
      ({ params, identity, clientAddress, request }) => {
        if (needsConfirming(params.key)) deps.auth.confirm(identity, request.headers.get(CONFIRM_HEADER) ?? undefined, clientAddress)
        return deps.settings.clearOverride(params.key, identity.actor)
      },
      { params: SettingParams },
    )
    .post(
      '/regenerate-api-key',
      async ({ request, identity, clientAddress }) => {
        const { target, confirmKey } = readRegenerateBody(await request.text())
        deps.auth.confirm(identity, confirmKey ?? request.headers.get(CONFIRM_HEADER) ?? undefined, clientAddress)
        return deps.apiKeyRotation.regenerate(target, identity.actor)
      },
      { parse: 'none' },
    )
