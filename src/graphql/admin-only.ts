import { GraphQLError } from 'graphql'
import { hasAdminKey } from '../auth'

type Resolver = (parent: unknown, args: never, context: { request?: Request }, info: unknown) => unknown

/**
 * Root fields only the operator dashboard uses (its figures, the crawler switch, settings, wants,
 * evidence, outbound batches): each answers only a request carrying the core admin key in
 * X-Core-Admin-Key, whatever TORZNAB_API_KEY is, since anyone who reaches the port could
 * otherwise replace the Torznab key or pause the crawler. bitmagnet's queries and mutations are
 * not wrapped: they stay open, as spec 5.2.9 says.
 */
export function adminOnly<Fields extends Record<string, Resolver>>(adminKey: string, fields: Fields): Fields {
  const guarded: Record<string, Resolver> = {}
  for (const [name, resolve] of Object.entries(fields))
    guarded[name] = (parent, args, context, info) => {
      if (!context.request || !hasAdminKey(context.request, adminKey))
        throw new GraphQLError(`${name} is the dashboard's: it needs the core admin key (header X-Core-Admin-Key)`, {
          extensions: { code: 'unauthorized' },
        })
      return resolve(parent, args, context, info)
    }
  return guarded as Fields
}
