import { fitLength, fitUtf8, oneLine } from './fit-text'
import type { Notice } from './model'
import { jsonObjectOf, plainReasonOf, type ReceiverProtocol } from './receiver-protocol'

/** ntfy's default `message-size-limit`: a longer body becomes an attachment, which servers without an attachment cache refuse. */
const MAX_MESSAGE_BYTES = 4096
/** ntfy sets no title limit; a phone shows one line of it. */
const MAX_TITLE_LENGTH = 250
/** RFC 2047 wants encoded words of at most 75 characters: ~45 bytes of UTF-8 each, in base64. */
const ENCODED_WORD_BYTES = 45

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
 * A header value as ntfy reads it: ASCII as is, anything else as RFC 2047 encoded words, which
 * ntfy decodes (its maybeDecodeHeader); HTTP headers themselves carry no UTF-8.
 */
function headerText(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text
  const words: string[] = []
  let word = ''
  for (const character of text) {
    if (Buffer.byteLength(word + character) > ENCODED_WORD_BYTES) {
      words.push(word)
      word = ''
    }
    word += character
  }
  words.push(word)
  return words.map((part) => `=?UTF-8?B?${Buffer.from(part).toString('base64')}?=`).join(' ')
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
        title: headerText(fitLength(oneLine(notice.title), MAX_TITLE_LENGTH)),
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
