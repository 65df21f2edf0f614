/**
 * The base parser speaks ISO 639-1 plus regional tags (`es-419`, `zh-tw`) and a few phrases; we
 * keep plain ISO 639-1 codes and the two specials `multi` (several audio tracks) and `dual`.
 * Subtitle-only markers (`multi subs`) say nothing about the audio, so they are dropped.
 */
const SPECIAL: Record<string, string | null> = {
  'multi audio': 'multi',
  'dual audio': 'dual',
  'multi subs': null,
}

/**
 * Languages the base parser does not know by these names: native spellings, English names of
 * less common languages, and dub/sub tags. Matched as whole words after the title only.
 */
const MORE_LANGUAGES: [RegExp, string][] = [
  [/fran[cç]ais/, 'fr'],
  [/deutsch(?:[ ._-]?dl)?/, 'de'],
  [/georgian|kartuli/, 'ka'],
  [/latvian|latvie[sš]u/, 'lv'],
  [/heb(?:dub|sub)?|hebrew|ivrit/, 'he'],
  [/cantonese/, 'zh'],
  [/farsi|persian/, 'fa'],
  [/icelandic|[ií]slenska/, 'is'],
  [/catalan|catal[aà]/, 'ca'],
  [/brazilian|dublado|legendado/, 'pt'],
  [/nederlands|vlaams|flemish/, 'nl'],
  [/svenska/, 'sv'],
  [/dansk/, 'da'],
  [/suomi/, 'fi'],
  [/polski/, 'pl'],
  [/magyar/, 'hu'],
  [/[cč]esky|[cč]e[sš]tina/, 'cs'],
  [/t[uü]rk[cç]e/, 'tr'],
  [/albanian|shqip/, 'sq'],
  [/armenian/, 'hy'],
  [/kazakh/, 'kk'],
  [/urdu/, 'ur'],
  [/filipino|tagalog/, 'tl'],
  [/kor(?:ean)?(?:sub|dub)?/, 'ko'],
  [/русский|рус/, 'ru'],
  [/українська|укр/, 'uk'],
]
// Letters and digits of the scripts these names use, as a plain class: a `u` pattern is slower here.
const WORD_CHAR = 'a-z0-9\\u00c0-\\u024f\\u0400-\\u04ff'
const ANY_MORE = new RegExp(`(?:^|[^${WORD_CHAR}])(${MORE_LANGUAGES.map(([word]) => word.source).join('|')})(?![${WORD_CHAR}])`, 'gi')
// A plain `i` pattern is cheap enough to test every name (0.3 us); a letter-pair screen in front cost more.
const HAS_MORE = new RegExp(ANY_MORE.source, 'i')
// One pass over the name finds the candidates (hot: every ingested torrent); each found word is then named.
const WHOLE_WORDS = MORE_LANGUAGES.map(([word, code]) => [new RegExp(`^(?:${word.source})$`, 'iu'), code] as const)

/**
 * A title word that also names a language (`The Danish Girl`, `Hindi Medium`) is not the audio's.
 * Scene tags are written in capitals (`SWEDiSH`, `FRENCH`), a title's words are not, and a "title"
 * made of nothing but language names (`russian,english`) is a list of languages.
 */
const LANGUAGE_WORD =
  /(?:^|[^a-z\u00c0-\u024f])(english|french|german|italian|spanish|danish|dutch|flemish|norwegian|latin|latino|hindi|russian|polish|korean|japanese|chinese|thai|swedish|greek|turkish|arabic|hebrew|persian|portuguese|tamil|telugu)(?![a-z\u00c0-\u024f])/gi

const HAS_LANGUAGE_WORD = new RegExp(LANGUAGE_WORD.source, 'i')

function hasTitleLanguageWord(title: string): boolean {
  if (!HAS_LANGUAGE_WORD.test(title)) return false
  const languageWords = [...title.matchAll(LANGUAGE_WORD)].map((match) => match[1]!)
  const words = title.split(/[^\p{L}\p{N}]+/u).filter(Boolean)
  return languageWords.length < words.length && languageWords.some((word) => /[a-hj-z]/.test(word.slice(1)))
}

/**
 * `tail` reads the languages of the name after its title, when the base parser took a title
 * word for one. It is asked only then, since a title word can have been taken only if the base
 * parser found a language at all (hot path: most names have none).
 */
export function toLanguages(
  raw: string[] | undefined,
  name: string,
  title: string | null,
  tail: (name: string, title: string | null) => string[] | undefined,
): string[] {
  const titleHasLanguage = raw !== undefined && raw.length > 0 && title !== null && hasTitleLanguageWord(title)
  const found = normalise(titleHasLanguage ? tail(name, title) : raw)
  if (!HAS_MORE.test(name)) return found
  const codes = new Set(found)
  for (const match of afterTitle(name, title).matchAll(ANY_MORE)) {
    const code = WHOLE_WORDS.find(([word]) => word.test(match[1]!))?.[1]
    if (code) codes.add(code)
  }
  return [...codes]
}

function normalise(raw: string[] | undefined): string[] {
  if (!raw || raw.length === 0) return []
  const codes = new Set<string>()
  for (const value of raw) {
    const lower = value.toLowerCase()
    const special = SPECIAL[lower]
    if (special === null) continue
    const code = special ?? lower.split('-')[0]!
    if (/^[a-z]{2}$/.test(code) || code === 'multi' || code === 'dual') codes.add(code)
  }
  return [...codes]
}

/** The part of the name after its title, where release tags live; the whole name if the title is not found. */
export function afterTitle(name: string, title: string | null): string {
  if (!title) return name
  const lower = name.toLowerCase()
  let end = 0
  for (const word of title.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (word === '') continue
    const at = lower.indexOf(word, end)
    if (at < 0) return name
    end = at + word.length
  }
  return name.slice(end)
}
