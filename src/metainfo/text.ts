const utf8 = new TextDecoder('utf-8', { fatal: false })

// C0 and C1 controls and DEL: they break terminals, logs and XML, and no real name needs them.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g

/** Decodes bytes as UTF-8 (invalid sequences become U+FFFD) and strips control characters. */
export function decodeName(bytes: Uint8Array): string {
  return cleanName(utf8.decode(bytes))
}

export function cleanName(text: string): string {
  return HAS_CONTROL_CHARACTER.test(text) ? text.replace(CONTROL_CHARACTERS, '').trim() : text.trim()
}

const HAS_CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/
