import { Elysia } from 'elysia'
import type { AuthPlugin } from '../auth/plugin'
import type { ApiKeyRotation } from './api-key-rotation'
import { OverrideBody, readRegenerateTarget, SettingParams } from './model'
import type { SettingsService } from './service'

/** The settings API of spec 4.1: list, override, clear, and the key rotation. */
export const settingsRoutes = (deps: { settings: SettingsService; apiKeyRotation: ApiKeyRotation; authPlugin: AuthPlugin }) =>
  new Elysia({ name: 'dashboard-settings', prefix: '/api/settings' })
    .use(deps.authPlugin)
    .get('/', () => ({ items: deps.settings.list() }))
    .put('/overrides/:key', ({ params, body, identity }) => deps.settings.setOverride(params.key, body.value, identity.id), {
      params: SettingParams,
      body: OverrideBody,
    })
    .delete('/overrides/:key', ({ params, identity }) => deps.settings.clearOverride(params.key, identity.id), { params: SettingParams })
    .post(
      '/regenerate-api-key',
      async ({ request, identity }) => deps.apiKeyRotation.regenerate(readRegenerateTarget(await request.text()), identity.id),
      { parse: 'none' },
    )
