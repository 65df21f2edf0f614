import { fitLength, oneLine } from './fit-text'
import type { Notice } from './model'
import { jsonObjectOf, plainReasonOf, type ReceiverProtocol } from './receiver-protocol'

/** Discord's embed limits: title 256, description 4096, footer 2048, and 6000 over all of them together. */
const MAX_TITLE_LENGTH = 256
const MAX_DESCRIPTION_LENGTH = 4096
const MAX_EMBED_TOTAL = 6000

/** Embed colours (decimal RGB): green for a fulfilled want, amber for a warning, blue for a test. */
const COLOUR: Record<Notice['type'], number> = {
  want_fulfilled: 0x2e9d57,
  crawler_warning: 0xd9921b,
  webhook_delivery_failed: 0xd9921b,
  test: 0x3b82c4,
}

const WEBHOOK_PATH = /^\/api\/(v\d+\/)?webhooks\/\d+\/[\w-]+\/?$/

/**
 * Discord's Execute Webhook: `POST /api/webhooks/{id}/{token}?wait=true` (wait: Discord confirms
 * the message was saved, or says why not) with JSON `{username, embeds, allowed_mentions}`. One
 * embed holds the notice within Discord's limits; `allowed_mentions.parse = []` keeps an
 * `@everyone` in a torrent's name from pinging anyone. Errors are
 * `{"message": "Unknown Webhook", "code": 10015}` or `{"message": "Invalid Form Body", "code": 50035, "errors": {...}}`.
 */
export const discord: ReceiverProtocol = {
  request(target, notice) {
    const url = new URL(target.url)
    url.searchParams.set('wait', 'true')
    const title = fitLength(oneLine(notice.title), MAX_TITLE_LENGTH)
    const footer = notice.type
    const description = fitLength(notice.message, Math.min(MAX_DESCRIPTION_LENGTH, MAX_EMBED_TOTAL - title.length - footer.length))
    return {
      url: url.toString(),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'dht-indexer',
        embeds: [{ title, description, color: COLOUR[notice.type], timestamp: notice.created_at, footer: { text: footer } }],
        allowed_mentions: { parse: [] },
      }),
    }
  },

  reasonOf(_status, body) {
    const error = jsonObjectOf(body)
    if (typeof error?.message !== 'string') return plainReasonOf(body)
    const code = typeof error.code === 'number' ? ` (${error.code})` : ''
    const details = error.errors ? `: ${JSON.stringify(error.errors).slice(0, 300)}` : ''
    return `${error.message}${code}${details}`
  },

  urlProblem(url) {
    return WEBHOOK_PATH.test(url.pathname)
      ? null
      : 'url: use the webhook URL Discord shows (Copy Webhook URL), as in https://discord.com/api/webhooks/<id>/<token>'
  },
}
