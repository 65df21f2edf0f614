import { readCappedBody } from '../http'
import { refuseRequest } from './errors'

/**
 * A Yoga plugin that reads a POST body itself, up to `maxBytes` (SERVICE_GRAPHQL_MAX_BODY), and
 * refuses a larger one with a GraphQL-shaped 413 before it is held in memory: Yoga's own JSON
 * parser reads any body whole (eight 120 MB queries took a gigabyte). Only JSON bodies reach it
 * (jsonBodiesOnly runs first); its answers to bad JSON are Yoga's.
 */
export function bodyLimit(maxBytes: number) {
  const tooLarge = () =>
    refuseRequest(
      'payload_too_large',
      `the request body is over ${maxBytes} bytes, the most a GraphQL request may send (SERVICE_GRAPHQL_MAX_BODY)`,
      413,
    )
  const parse = async (request: Request) => {
    const body = await readCappedBody(request, maxBytes)
    if (body === 'too_large') throw tooLarge()
    let params: unknown
    try {
      params = JSON.parse(body)
    } catch {
      throw refuseRequest('bad_request', 'POST body sent invalid JSON.')
    }
    if (params === null || typeof params !== 'object')
      throw refuseRequest('bad_request', `POST body is expected to be object but received ${params}`)
    return params as { query?: string }
  }
  return {
    onRequestParse({ request, setRequestParser }: { request: Request; setRequestParser: (parser: typeof parse) => void }) {
      if (request.method !== 'POST') return
      if (Number(request.headers.get('content-length') ?? 0) > maxBytes) throw tooLarge()
      setRequestParser(parse)
    },
  }
}
