/**
 * Languages as GraphQL shows them. The codes are ISO 639-1 (the classifier's), plus `multi`,
 * `dual` and `original` (the work's own language, beside a dub); English and native names come
 * from the runtime's ICU data, not a list kept here.
 */
const englishNames = new Intl.DisplayNames('en', { type: 'language', fallback: 'none' })
const SPECIAL_NAMES: Record<string, string> = { multi: 'Multiple languages', dual: 'Dual audio', original: 'Original language' }

/** Every two-letter code ICU names: the values of the `Language` enum. */
export const LANGUAGE_CODES: string[] = (() => {
  const codes: string[] = []
  for (let first = 97; first <= 122; first++) {
    for (let second = 97; second <= 122; second++) {
      const code = String.fromCharCode(first, second)
      if (englishNames.of(code) !== undefined) codes.push(code)
    }
  }
  // `in`, `is`, `as`, `or`... are ISO codes too, and valid GraphQL enum values.
  return [...codes, ...Object.keys(SPECIAL_NAMES)]
})()

export interface LanguageInfo {
  id: string
  code: string
  name: string
  nativeName: string
}

export function languageInfo(code: string): LanguageInfo {
  const name = SPECIAL_NAMES[code] ?? englishNames.of(code) ?? code
  let nativeName = name
  if (!SPECIAL_NAMES[code]) {
    try {
      nativeName = new Intl.DisplayNames([code], { type: 'language', fallback: 'none' }).of(code) ?? name
    } catch {
      nativeName = name
    }
  }
  return { id: code, code, name, nativeName }
}
