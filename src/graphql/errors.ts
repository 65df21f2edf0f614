import { GraphQLError } from 'graphql'

/**
 * A request refused before anything runs. It is a GraphQLError, not an AppError, because Yoga
 * answers only GraphQLErrors in the GraphQL response (anything else becomes a masked 500); the
 * stable `code` rides in `extensions`, and `http.status` sets the status Yoga answers with.
 */
export function refuseRequest(code: string, message: string, status: 400 | 401 | 403 | 405 | 413 | 415 = 400): GraphQLError {
  return new GraphQLError(message, { extensions: { code, http: { status } } })
}
