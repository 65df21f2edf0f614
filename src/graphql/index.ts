export { graphqlRoutes, type GraphqlRouteOptions, TYPE_DEFS } from './routes'
export type { FileOrderColumn, FileRow, FilesQuery, SourceMetricRow, TorrentDetailsStore } from './store-port'
export type { GraphqlDeps } from './resolvers'
