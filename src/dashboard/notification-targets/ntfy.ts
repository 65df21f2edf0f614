import { fitLength, fitUtf8, oneLine } from './fit-text'
import type { Notice } from './model'
import { jsonObjectOf, plainReasonOf, type ReceiverProtocol } from './receiver-protocol'

/** ntfy's default `message-size-limit`: a longer body becomes an attachment, which servers without an attachment cache refuse. */
const MAX_MESSAGE_BYTES = 4096
/** ntfy sets no title limit; a phone shows one line of it. */
const MAX_TITLE_LENGTH = 250
/** ntfy priorities: 1 min, 2 low, 3 default, 4 high, 5 max. */
const PRIORITY: Record<Notice['type'], number> = { want_fulfilled: 4, crawler_warning: 4, webhook_delivery_failed: 3, test: 3 }
/** Tags that are emoji short codes show as emoji before the title; `dht-indexer` shows as a tag. */
const TAGS: Record<Notice['type'], string> = {
  want_fulfilled: 'tada,dht-indexer',
  crawler_warning: 'warning,dht-indexer',
  webhook_delivery_failed: 'warning,dht-indexer',
  test: 'white_check_mark,dht-indexer',
}

/**
 * ntfy's publish API: the message is the body of a POST to the topic's URL, with `Title`,
 * `Priority` (1-5) and `Tags` (comma-separated; emoji short codes show as emoji) as headers and an
 * access token as `Authorization: Bearer`. It answers 200 with the message as JSON, and errors as
 * `{"code": 40101, "http": 401, "error": "unauthorized", "link": ...}`.
 */
export const ntfy: ReceiverProtocol = {
  request(target, notice) {
    return {
      url: target.url,
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        // Titles are ASCII (notice.ts): HTTP headers carry no UTF-8.
        title: fitLength(oneLine(notice.title), MAX_TITLE_LENGTH),
        priority: String(PRIORITY[notice.type]),
        tags: TAGS[notice.type],
        ...(target.token ? { authorization: `Bearer ${target.token}` } : {}),
      },
      body: fitUtf8(notice.message, MAX_MESSAGE_BYTES),
    }
  },

  reasonOf(_status, body) {
    const error = jsonObjectOf(body)
    if (typeof error?.error !== 'string') return plainReasonOf(body)
    return typeof error.code === 'number' ? `${error.error} (${error.code})` : error.error
  },

  urlProblem(url) {
    return /\/[^/]+$/.test(url.pathname) ? null : 'url: name the topic, as in https://ntfy.sh/your-topic'
  },
}
