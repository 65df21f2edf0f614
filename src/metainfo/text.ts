const utf8 = new TextDecoder('utf-8', { fatal: false })

// C0 and C1 controls and DEL: they break terminals, logs and XML, and no real name needs them.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g

/** Decodes bytes as UTF-8 (invalid sequences become U+FFFD) and strips control characters. */
export function decodeName(bytes: Uint8Array): string {
  return cleanName(utf8.decode(bytes))
}

export function cleanName(text: string): string {
  if (!HAS_CONTROL_CHARACTER.test(text)) return text.trim()
  // A line break or tab between words separates them (`Newline\nIn\tName` is three words to
  // search); a run of them (`\r\n`) is one space. Names stored before this keep what they had.
  return text.replace(LINE_AND_TAB_CHARACTERS, ' ').replace(CONTROL_CHARACTERS, '').trim()
}

const LINE_AND_TAB_CHARACTERS = /[\t\n\v\f\r\u0085]+/g

const HAS_CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/

/** Marks a name or path cut at its length limit. */
export const CUT_MARK = '…'

/**
 * `text` at most `maxChars` UTF-16 units long: a longer one keeps its start and ends in CUT_MARK,
 * so what was cut shows (SERVICE_MAX_NAME_LENGTH, SERVICE_MAX_PATH_LENGTH). A surrogate pair is
 * never split.
 */
export function cutText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text
  let end = maxChars - CUT_MARK.length
  const last = text.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end--
  return `${text.slice(0, end)}${CUT_MARK}`
}
