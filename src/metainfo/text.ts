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
