import type { Config } from '../../config'
import type { SettingValues } from './model'

/**
 * Each allowlisted key's value without an override: the environment's (DESIGN.md 5.2).
 * `corePort` is this process's core; without one (the dashboard alone) the configured CORE_PORT.
 */
export function settingDefaults(config: Config, corePort?: number): SettingValues {
  const dashboard = config.dashboard
  const graphqlUrl = dashboard.coreGraphqlUrl ?? `http://127.0.0.1:${corePort ?? config.http.corePort}/graphql`
  return {
    torznab_api_key: config.torznab.apiKey ?? null,
    // CORE_METRICS_URL's documented default: /metrics beside the GraphQL endpoint.
    core_metrics_url: dashboard.coreMetricsUrl ?? metricsBeside(graphqlUrl),
    sso_cookie_name: dashboard.ssoCookieName,
    artwork_api_key: dashboard.artworkApiKey ?? null,
    core_graphql_url: graphqlUrl,
    trust_proxy_headers: dashboard.trustProxyHeaders,
    trust_forwarded_user: dashboard.trustForwardedUser,
    log_level: config.log.level,
  }
}

/** `/metrics` beside a core's GraphQL endpoint. */
export function metricsBeside(graphqlUrl: string): string {
  return new URL('metrics', graphqlUrl.replace(/\/graphql\/?$/, '/')).toString()
}
