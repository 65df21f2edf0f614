/**
 * The standard Newznab/Torznab categories each app should pick, as the core files torrents under
 * them. Copied from src/classify/categories.ts (TORZNAB_CATEGORIES): the dashboard may not import
 * the core's capabilities, and these ids are a fixed standard.
 */
export const APP_CATEGORIES = [
  { app: 'Sonarr', categories: '5000 TV, 5030 SD, 5040 HD, 5045 UHD, 5070 Anime' },
  { app: 'Radarr', categories: '2000 Movies, 2030 SD, 2040 HD, 2045 UHD, 2050 BluRay' },
  { app: 'Lidarr', categories: '3000 Audio, 3010 MP3, 3040 Lossless' },
  { app: 'Readarr', categories: '7000 Books, 7020 EBook, 3030 Audiobook' },
  { app: 'Games (any other client)', categories: '4050 PC/Games, 1000 Console' },
] as const

/** Each *arr app's webhook: its instance name in the URL and the Connect triggers that are evidence. */
export const WEBHOOK_APPS = [
  {
    app: 'Sonarr',
    instance: 'sonarr',
    events: 'On Grab, On File Import (older: On Import), On File Upgrade, On Import Complete, On Manual Interaction Required',
  },
  {
    app: 'Radarr',
    instance: 'radarr',
    events: 'On Grab, On File Import (older: On Import), On File Upgrade, On Manual Interaction Required',
  },
  { app: 'Lidarr', instance: 'lidarr', events: 'On Grab, On Release Import, On Upgrade, On Download Failure, On Import Failure' },
  { app: 'Readarr', instance: 'readarr', events: 'On Grab, On Release Import, On Upgrade, On Download Failure, On Import Failure' },
] as const

export function SetupCategoryTable() {
  return (
    <div class="table-wrap">
      <table class="setup-table">
        <caption class="visually-hidden">Categories to pick per app</caption>
        <thead>
          <tr>
            <th scope="col">App</th>
            <th scope="col">Categories</th>
          </tr>
        </thead>
        <tbody>
          {APP_CATEGORIES.map((row) => (
            <tr>
              <th scope="row">{row.app}</th>
              <td>{row.categories}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** One row per app: the URL to paste (with a Copy button) and the triggers to tick. */
export function SetupWebhookTable(props: { coreBaseUrl: string }) {
  return (
    <div class="table-wrap">
      <table class="setup-table">
        <caption class="visually-hidden">Webhook per app</caption>
        <thead>
          <tr>
            <th scope="col">App</th>
            <th scope="col">Webhook URL</th>
            <th scope="col">Tick</th>
          </tr>
        </thead>
        <tbody>
          {WEBHOOK_APPS.map((row) => {
            const url = `${props.coreBaseUrl}/evidence/arr/${row.instance}`
            return (
              <tr>
                <th scope="row">{row.app}</th>
                <td class="title">
                  <code>{url}</code>
                  <button type="button" class="secondary" data-copy={url}>
                    Copy<span class="visually-hidden"> {row.app} webhook URL</span>
                  </button>
                </td>
                <td>{row.events}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
