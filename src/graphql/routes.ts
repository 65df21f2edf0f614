import { yoga } from '@elysiajs/graphql-yoga'
import { renderGraphiQL } from '@graphql-yoga/render-graphiql'
import { Elysia } from 'elysia'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { LANGUAGE_CODES } from './languages'
import { GraphqlQuery } from './model'
import { bodyLimit } from './body-limit'
import { refuseForeignMutations } from './browser-writes'
import { jsonBodiesOnly } from './csrf-prevention'
import { listLimits } from './list-limits'
import { queryLimitsPlugin } from './query-limits-plugin'
import { createResolvers, type GraphqlDeps } from './resolvers'

/**
 * The SDL files (the bitmagnet-compatible schema, then the types that extend it, each in its own
 * file) plus the Language enum, whose values come from the runtime's ICU data.
 */
const SDL_FILES = ['schema.graphql', 'swarm-checks.graphql', 'explanation.graphql']
export const TYPE_DEFS = `${SDL_FILES.map((file) => readFileSync(join(import.meta.dir, file), 'utf8')).join('\n')}\nenum Language { ${LANGUAGE_CODES.join(' ')} }\n`

export interface GraphqlRouteOptions {
  /** The origin of BASE_URL, or null when unset. */
  publicOrigin: string | null
  maxBodyBytes: number
  maxListItems: number
}

/**
 * `POST /graphql` and `GET /graphql` (the GraphiQL playground, its scripts served inline from
 * the @graphql-yoga/render-graphiql package, so it works with no internet). Introspection stays
 * on. A POST runs only with a JSON body (no cross-site forms) of at most `maxBodyBytes`, a
 * browser's mutation for another origin's page never runs, and every request is held to the
 * list, nesting, depth, field and cost limits before it runs. Yoga answers GraphQL errors
 * itself, in the GraphQL response; a query string that fails GraphqlQuery is the app's JSON
 * 400. The guard puts the schema on Yoga's own routes.
 */
export const graphqlRoutes = (deps: GraphqlDeps, options: GraphqlRouteOptions) =>
  new Elysia({ name: 'graphql-routes' }).guard({ query: GraphqlQuery }, (graphql) =>
    graphql.use(
      yoga({
        path: '/graphql',
        typeDefs: TYPE_DEFS,
        resolvers: createResolvers(deps) as never,
        renderGraphiQL,
        graphiql: { title: 'dht-indexer GraphQL' },
        plugins: [
          jsonBodiesOnly,
          bodyLimit(options.maxBodyBytes),
          listLimits(options.maxListItems),
          queryLimitsPlugin,
          refuseForeignMutations(options.publicOrigin),
        ],
      }),
    ),
  )
