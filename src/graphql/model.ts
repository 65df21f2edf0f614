import { t } from 'elysia'

/**
 * The GraphQL-over-HTTP parameters of `GET /graphql` (`variables` and `extensions` are JSON text).
 * A POST sends them in its body, which Yoga reads itself. Without any, the GET is the playground.
 */
export const GraphqlQuery = t.Object({
  query: t.Optional(t.String()),
  variables: t.Optional(t.String()),
  operationName: t.Optional(t.String()),
  extensions: t.Optional(t.String()),
})
