import { fitLength, oneLine } from './fit-text'
import type { Notice } from './model'
import { jsonObjectOf, plainReasonOf, type ReceiverProtocol } from './receiver-protocol'

/** A title is one line on the phone; Gotify itself sets no limit. */
const MAX_TITLE_LENGTH = 250
/** Gotify takes bodies up to 64 MiB; a notification is a few lines, and a DHT name may be long. */
const MAX_MESSAGE_LENGTH = 16_000

/** Gotify priorities (Android): 1-3 silent, 4-7 with sound, 8-10 as a pop-up. */
const PRIORITY: Record<Notice['type'], number> = { want_fulfilled: 5, crawler_warning: 7, webhook_delivery_failed: 5, test: 5 }

/** Where messages are posted on a Gotify server, from its base address (with or without `/message`). */
export function gotifyMessageUrl(base: string): string {
  const url = new URL(base)
  url.pathname = `${url.pathname.replace(/\/+$/, '').replace(/\/message$/, '')}/message`
  return url.toString()
}

/**
 * Gotify's `POST /message` with an application token in `X-Gotify-Key`, a JSON body
 * `{title, message, priority, extras}`; it answers 200 with the message, and errors as
 * `{"error": "Unauthorized", "errorCode": 401, "errorDescription": "you need to provide a valid access token ..."}`.
 * The message is marked plain text, so a torrent's name is not read as Markdown.
 */
export const gotify: ReceiverProtocol = {
  request(target, notice) {
    return {
      url: gotifyMessageUrl(target.url),
      headers: { 'content-type': 'application/json', ...(target.token ? { 'x-gotify-key': target.token } : {}) },
      body: JSON.stringify({
        title: fitLength(oneLine(notice.title), MAX_TITLE_LENGTH),
        message: fitLength(notice.message, MAX_MESSAGE_LENGTH),
        priority: PRIORITY[notice.type],
        extras: { 'client::display': { contentType: 'text/plain' } },
      }),
    }
  },

  reasonOf(_status, body) {
    const error = jsonObjectOf(body)
    return typeof error?.errorDescription === 'string' ? error.errorDescription : plainReasonOf(body)
  },

  urlProblem: () => null,
}
