import { Elysia } from 'elysia'
import type { AuthPlugin } from '../auth'
import { readInfoHash, TorrentParams } from '../library'
import { CreateDownloadClientBody, DownloadClientParams, SendBody, UpdateDownloadClientBody } from './model'
import type { DownloadClientService } from './service'

/** /api/download-clients (issue 33) and the send of one torrent, `POST /api/torrents/{info_hash}/send`. */
export const downloadClientRoutes = (deps: { downloadClients: DownloadClientService; authPlugin: AuthPlugin }) =>
  new Elysia({ name: 'dashboard-download-clients' })
    .use(deps.authPlugin)
    .get('/api/download-clients', () => ({ items: deps.downloadClients.list() }))
    .post(
      '/api/download-clients',
      ({ body, identity, set }) => {
        set.status = 201
        return deps.downloadClients.create(body, identity.actor)
      },
      { body: CreateDownloadClientBody },
    )
    .get('/api/download-clients/:id', ({ params }) => deps.downloadClients.get(params.id), { params: DownloadClientParams })
    .put('/api/download-clients/:id', ({ params, body, identity }) => deps.downloadClients.update(params.id, body, identity.actor), {
      params: DownloadClientParams,
      body: UpdateDownloadClientBody,
    })
    .delete(
      '/api/download-clients/:id',
      ({ params, identity, set }) => {
        deps.downloadClients.remove(params.id, identity.actor)
        set.status = 204
      },
      { params: DownloadClientParams },
    )
    .post('/api/download-clients/:id/test', ({ params }) => deps.downloadClients.test(params.id), { params: DownloadClientParams })
    .post(
      '/api/torrents/:info_hash/send',
      async ({ params, body, identity }) => {
        await deps.downloadClients.send([readInfoHash(params.info_hash)], body.client_id, identity.actor)
        return { sent: true }
      },
      { params: TorrentParams, body: SendBody },
    )
