import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../../src/config'
import { settingDefaults } from '../../../src/dashboard/settings/defaults'

describe('settingDefaults', () => {
  test('without the core URLs: this process core on 127.0.0.1, else CORE_PORT; unset secrets null', () => {
    const config = loadConfig({ CORE_PORT: '4444' })
    expect(settingDefaults(config, 5555)).toEqual({
      torznab_api_key: null,
      core_metrics_url: 'http://127.0.0.1:5555/metrics',
      sso_cookie_name: 'indexer_session',
      artwork_api_key: null,
      core_graphql_url: 'http://127.0.0.1:5555/graphql',
      trust_proxy_headers: false,
      trust_forwarded_user: false,
      log_level: 'info',
    })
    expect(settingDefaults(config).core_graphql_url).toBe('http://127.0.0.1:4444/graphql')
  })

  test('each key takes its environment value; the metrics URL defaults to beside CORE_GRAPHQL_URL', () => {
    const config = loadConfig({
      TORZNAB_API_KEY: 'torznab-key-0123456789',
      ARTWORK_API_KEY: 'artwork-key-0123456789',
      CORE_GRAPHQL_URL: 'https://core.lan/indexer/graphql',
      SSO_COOKIE_NAME: 'sso',
      TRUST_PROXY_HEADERS: 'true',
      TRUST_FORWARDED_USER: 'yes',
      LOG_LEVEL: 'debug',
    })
    expect(settingDefaults(config, 5555)).toEqual({
      torznab_api_key: 'torznab-key-0123456789',
      core_metrics_url: 'https://core.lan/indexer/metrics',
      sso_cookie_name: 'sso',
      artwork_api_key: 'artwork-key-0123456789',
      core_graphql_url: 'https://core.lan/indexer/graphql',
      trust_proxy_headers: true,
      trust_forwarded_user: true,
      log_level: 'debug',
    })
    expect(settingDefaults(loadConfig({ CORE_METRICS_URL: 'http://metrics.lan:9000/m' })).core_metrics_url).toBe(
      'http://metrics.lan:9000/m',
    )
  })
})
