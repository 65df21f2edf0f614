import { Elysia } from 'elysia'
import { readInfoHash, readListQuery, TorrentListQuery, TorrentParams } from './model'
import type { LibraryService } from './service'

export const libraryRoutes = (deps: { library: LibraryService }) =>
  new Elysia({ name: 'dashboard-library', prefix: '/api/torrents' })
    .get('/', ({ query }) => deps.library.list(readListQuery(query)), { query: TorrentListQuery })
    .get('/:info_hash', ({ params }) => deps.library.get(readInfoHash(params.info_hash)), { params: TorrentParams })
