import { torznabCategoryName } from '../../src/vocabulary'

/** Ids and full names (`5030 TV/SD`), as the apps list them. */
const named = (ids: number[]) => ids.map((id) => `${id} ${torznabCategoryName(id)}`).join(', ')

/** The standard Newznab/Torznab categories each app should pick, as the core files torrents under them. */
export const APP_CATEGORIES = [
  { app: 'Sonarr', categories: named([5000, 5030, 5040, 5045, 5070]) },
  { app: 'Radarr', categories: named([2000, 2030, 2040, 2045, 2050]) },
  { app: 'Lidarr', categories: named([3000, 3010, 3040]) },
  { app: 'Readarr', categories: named([7000, 7020, 3030]) },
  { app: 'Games (any other client)', categories: named([4050, 1000]) },
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
