import { plainReasonOf, type ReceiverProtocol } from './receiver-protocol'

/**
 * A generic webhook: `POST` of the notification as JSON `{type, title, message, created_at, id,
 * source}` (id absent for a test), the token, when set, as `Authorization: Bearer`. Any 2xx is
 * taken; the receiver's error is the start of its body.
 */
export const webhook: ReceiverProtocol = {
  request(target, notice) {
    return {
      url: target.url,
      headers: { 'content-type': 'application/json', ...(target.token ? { authorization: `Bearer ${target.token}` } : {}) },
      body: JSON.stringify({
        type: notice.type,
        title: notice.title,
        message: notice.message,
        created_at: notice.created_at,
        ...(notice.id === undefined ? {} : { id: notice.id }),
        source: 'dht-indexer',
      }),
    }
  },
  reasonOf: (_status, body) => plainReasonOf(body),
  urlProblem: () => null,
}
