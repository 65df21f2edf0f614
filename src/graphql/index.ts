export { graphqlRoutes, type GraphqlRouteOptions, TYPE_DEFS } from './routes'
export { createTorrentRepository, type TorrentRepository } from './torrent-repository'
export type { GraphqlDeps } from './resolvers'
