/**
 * Characters that change how text around them reads without showing themselves (issue 29.3): the
 * bidi controls (`Invoice\u202Efdp.exe` reads "Invoiceexe.pdf"), invisible format characters
 * (zero-width space, word joiner, BOM, soft hyphen, tags) and control characters (NUL and the
 * rest of C0 and C1, but tab and line breaks). Zero-width joiners (U+200C, U+200D) are left
 * alone: scripts such as Persian and Devanagari and emoji sequences need them.
 */
const HIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB\u{E0001}\u{E0020}-\u{E007F}]/gu

/** How a hidden character is shown: its code point between angle brackets, e.g. ⟨U+202E⟩. */
export const markerOf = (character: string): string => `⟨U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`

/** `text` with every hidden character replaced by its visible marker; other text unchanged. */
export function revealHiddenCharacters(text: string): string {
  return text.replace(HIDDEN, markerOf)
}

const ANY_HIDDEN = new RegExp(HIDDEN.source, 'u')

/** Whether `text` holds a character that hides itself: a name with one is flagged as suspicious. */
export function hasHiddenCharacters(text: string): boolean {
  return ANY_HIDDEN.test(text)
}
