import { Layout, chromeOf, type PageChrome } from '../layout'
import { SetupCategoryTable, SetupWebhookTable } from '../partials/setup-arr-apps'
import { SetupCopyField, SetupSecretField } from '../partials/setup-copy-field'

export interface SetupPageProps extends PageChrome {
  /** The core's base URL as the *arr apps should reach it (no trailing slash). */
  coreBaseUrl: string
  /** The configured core URL is a loopback one: the apps on other hosts need a LAN address. */
  loopback: 'none' | 'replaced' | 'kept'
  torznabApiKey: string | null
}

function LoopbackNote(props: { loopback: SetupPageProps['loopback'] }) {
  if (props.loopback === 'none') return null
  return (
    <p class="card note">
      {props.loopback === 'replaced'
        ? "The core is configured on 127.0.0.1, which other machines cannot reach; the URLs below use this page's host name instead. Apps in containers or on other machines need the host's LAN address."
        : "The core is configured on 127.0.0.1, which only this machine can reach. Apps in containers or on other machines need the host's LAN address instead (for example 192.168.1.20) in the URLs below."}
    </p>
  )
}

/** `/setup`: what a new user pastes into Prowlarr, Sonarr, Radarr, Lidarr and Readarr. */
export function SetupPage(props: SetupPageProps) {
  const torznabUrl = `${props.coreBaseUrl}/torznab/api`
  return (
    <Layout title="Setup" active="/setup" {...chromeOf(props)}>
      <p class="muted">Connect your apps to the indexer: searches through Torznab, and their grabs and imports back as evidence.</p>
      <LoopbackNote loopback={props.loopback} />

      <section aria-labelledby="setup-torznab">
        <h2 id="setup-torznab">1. Add the indexer</h2>
        <div class="card setup-card">
          <p>
            <strong>Prowlarr</strong>: Indexers → Add Indexer → <em>Generic Torznab</em>. <strong>Sonarr, Radarr</strong> (without
            Prowlarr): Settings → Indexers → + → <em>Torznab</em>. Paste the URL, keep the API Path at <code>/api</code>, and paste the key.
          </p>
          <SetupCopyField label="Torznab URL" value={torznabUrl} />
          <SetupSecretField label="API key" value={props.torznabApiKey} />
        </div>
      </section>

      <section aria-labelledby="setup-categories">
        <h2 id="setup-categories">2. Pick the categories</h2>
        <p class="muted">Standard Newznab ids. Prowlarr passes each app the ones it syncs; set them on the app's indexer.</p>
        <SetupCategoryTable />
      </section>

      <section aria-labelledby="setup-webhooks">
        <h2 id="setup-webhooks">3. Send evidence back</h2>
        <p>
          In each app: Settings → Connect → + → <em>Webhook</em>, method POST, the URL below, and tick the triggers listed.{' '}
          {props.torznabApiKey ? 'Leave Username empty and put the API key in Password.' : 'Username and Password stay empty.'} Another
          instance (a second Sonarr for 4K) gets its own name at the end of the URL, such as <code>sonarr-4k</code>.
        </p>
        <SetupWebhookTable coreBaseUrl={props.coreBaseUrl} />
      </section>
    </Layout>
  )
}
