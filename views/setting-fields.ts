/** How a setting's override is typed on the settings page. */
export type SettingControl = 'boolean' | 'choice' | 'url' | 'secret' | 'text'

export interface SettingField {
  /** Its name as people read it: the card's heading (the key is shown beneath it). */
  title: string
  /** What the setting does, for a person who has not read the spec. */
  description: string
  control: SettingControl
}

/** Every allowlisted setting (spec 2.1) as the settings page presents it. */
const FIELDS = {
  torznab_api_key: {
    title: 'Torznab API key',
    description: 'The key Prowlarr, Sonarr and Radarr send to the Torznab feed. Regenerate it below rather than typing one.',
    control: 'secret',
  },
  core_metrics_url: {
    title: 'Core metrics URL',
    description: "Where the dashboard reads the core's metrics (throughput, DHT peers).",
    control: 'url',
  },
  sso_cookie_name: {
    title: 'Session cookie name',
    description: 'The name of the session cookie an SSO proxy or the sign-in page sets.',
    control: 'text',
  },
  artwork_api_key: {
    title: 'TMDB API key',
    description: 'The TMDB API key for posters. Without one, no poster is fetched.',
    control: 'secret',
  },
  core_graphql_url: {
    title: 'Core GraphQL URL',
    description: "The core's GraphQL endpoint, through which the dashboard reads and changes the index.",
    control: 'url',
  },
  trust_proxy_headers: {
    title: 'Trust the proxy’s user header',
    description:
      'Take the user name in the x-auth-user header a reverse proxy sets as signed in. Turn on only when nothing but the proxy reaches the dashboard.',
    control: 'boolean',
  },
  trust_forwarded_user: {
    title: 'Trust X-Forwarded-User',
    description: 'Take the user name in the X-Forwarded-User header (oauth2-proxy and similar) as signed in. Same caution as above.',
    control: 'boolean',
  },
  log_level: {
    title: 'Log level',
    description: 'How much the service logs: debug is the most, error the least.',
    control: 'choice',
  },
} satisfies Record<string, SettingField>

/** The settings this page knows how to present; the route's keys must be among them. */
export type SettingKeyView = keyof typeof FIELDS

export const SETTING_FIELDS: Readonly<Record<SettingKeyView, SettingField>> = FIELDS
