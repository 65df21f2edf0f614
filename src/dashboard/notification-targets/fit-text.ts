/** Marks text cut to fit a receiver's limit. */
const ELLIPSIS = '…'

/**
 * `text` in at most `maxLength` UTF-16 code units, cut before a surrogate pair rather than through
 * it, ending in … when cut. Code units never outnumber what Discord or ntfy count, so it fits either.
 */
export function fitLength(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text
  let end = maxLength - ELLIPSIS.length
  if (end > 0 && /[\uD800-\uDBFF]/.test(text[end - 1]!)) end--
  return `${text.slice(0, Math.max(0, end))}${ELLIPSIS}`
}

const encoder = new TextEncoder()

/** `text` in at most `maxBytes` bytes of UTF-8, cut between characters, ending in … when cut. */
export function fitUtf8(text: string, maxBytes: number): string {
  if (encoder.encode(text).byteLength <= maxBytes) return text
  const budget = maxBytes - encoder.encode(ELLIPSIS).byteLength
  let bytes = 0
  let end = 0
  for (const character of text) {
    const size = encoder.encode(character).byteLength
    if (bytes + size > budget) break
    bytes += size
    end += character.length
  }
  return `${text.slice(0, end)}${ELLIPSIS}`
}

/** One line: a header or a title cannot hold line breaks, and a notification's text may (a torrent's name). */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ')
}
