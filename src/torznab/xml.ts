/**
 * The one escaping path for every Torznab document. The documents have fixed shapes, so they are
 * written as text; what varies (names from the DHT, query echoes) goes through `xmlText`.
 */

// Characters XML 1.0 forbids, and lone surrogate halves. The clients strip raw ones but abort on
// a character reference to one (`&#1;`), so they are removed, never escaped (R24, D13).
const ILLEGAL_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

const NEEDS_WORK = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/

/** Text safe for element content and double-quoted attribute values. */
export function xmlText(value: string | number): string {
  const text = String(value)
  // Most values (numbers, hashes, plain names) need nothing: one test instead of two replaces.
  if (!NEEDS_WORK.test(text)) return text
  return text.replace(ILLEGAL_XML, '').replace(/[&<>"']/g, (char) => ESCAPES[char]!)
}

/** `<?xml` at byte 0, no BOM (R4). */
export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'
