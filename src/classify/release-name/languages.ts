/**
 * The base parser speaks ISO 639-1 plus regional tags (`es-419`, `zh-tw`) and a few phrases; we
 * keep plain ISO 639-1 codes and the specials `multi` (several audio tracks), `dual` and
 * `original` (the work's own language beside a dub, which German `DL`/`ML` releases announce).
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
  [/catalan|catal[aàá]n?/, 'ca'],
  [/rumantsch|romansh/, 'rm'],
  [/slovak|slovensk[yý]|sloven[cč]ina/, 'sk'],
  [/brazilian|dublado|legendado|ptbr/, 'pt'],
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
 * Spanish releases list their tracks as abbreviations joined by `-`, `/` or `+` (`[Cast-Cat]`,
 * `DUAL ESP/ENG`); alone, `Cat` or `Cast` is a word, in such a run a language.
 */
const ABBREVIATION = 'cast|cat|esp|spa|eng|ing|lat|vose?'
const ABBREVIATION_RUN = new RegExp(`(?<![a-z0-9])(?:${ABBREVIATION})(?:[ ._]?[-/+][ ._]?(?:${ABBREVIATION}))+(?![a-z0-9])`, 'gi')
const MAY_HAVE_RUN = new RegExp(`(?:${ABBREVIATION})[ ._]?[-/+][ ._]?(?:${ABBREVIATION})`, 'i')
// One scan screens every name for all of the above: a language name, Slovak's code, a run (hot
// path: most names have none, and are answered with the base parser's languages as they are).
const MAY_HAVE_MORE = new RegExp(`${HAS_MORE.source}|sk|(?:${ABBREVIATION})[ ._]?[-/+]`, 'i')
const ABBREVIATION_CODES: Record<string, string | null> = {
  cast: 'es',
  cat: 'ca',
  esp: 'es',
  spa: 'es',
  eng: 'en',
  ing: 'en',
  lat: 'es',
  vo: null,
  vose: null,
}
// Slovak's code in capitals, as Czech and Slovak releases write it (`CZ SK`); lower case it is a word.
const SLOVAK_CODE = /(?<![A-Za-z-])SK(?![A-Za-z])/

/**
 * Subtitles are not the audio: `Sub.FR`, `Subs EN` and the `ESub` of Indian releases name the
 * language of the subtitles. A name with such a tag has its languages read without it.
 */
const SUBTITLE_TAG = /(?<![a-z])(?:e-?subs?|subs?[ ._-][a-z]{2})(?![a-z])/i
const SUBTITLE_TAGS = new RegExp(SUBTITLE_TAG.source, 'gi')

/**
 * German releases with a second audio track say `DL` (dual language: German and the original)
 * or `ML` (multi: German, the original and English); `WEB-DL` is a source.
 */
const GERMAN_DUAL = /(?<![a-z])(?<!web[ ._-]?)dl(?![a-z])/i
const GERMAN_MULTI = /(?<![a-z])ml(?![a-z])/i

/**
 * The audio languages of a name. `read` is the base parser's language reading of a text; it is
 * asked again for the name after its title when the base parser took a title word for a language
 * (only if it found one at all: most names have none), and for the name without its subtitle tags.
 */
export function toLanguages(
  raw: string[] | undefined,
  name: string,
  title: string | null,
  read: (text: string) => string[] | undefined,
): string[] {
  let text = name
  let languages = raw
  // A subtitle tag matters only if the base parser took its language (most names have none).
  if (raw !== undefined && raw.length > 0 && SUBTITLE_TAG.test(name)) {
    text = name.replace(SUBTITLE_TAGS, ' ')
    languages = read(text)
  }
  const titleHasLanguage = languages !== undefined && languages.length > 0 && title !== null && hasTitleLanguageWord(title)
  const found = normalise(titleHasLanguage ? read(afterTitle(text, title)) : languages)
  const isGermanOnly = found.length === 1 && found[0] === 'de'
  if (!isGermanOnly && !MAY_HAVE_MORE.test(text)) return found
  const codes = new Set(found)
  if (HAS_MORE.test(text)) {
    for (const match of afterTitle(text, title).matchAll(ANY_MORE)) {
      const code = WHOLE_WORDS.find(([word]) => word.test(match[1]!))?.[1]
      if (code) codes.add(code)
    }
  }
  if (SLOVAK_CODE.test(text) || MAY_HAVE_RUN.test(text)) addAbbreviated(afterTitle(text, title), codes)
  if (codes.size === 1 && codes.has('de')) {
    if (GERMAN_DUAL.test(text)) codes.add('original')
    else if (GERMAN_MULTI.test(text)) codes.add('original').add('en')
  }
  return [...codes]
}

/** Languages written as abbreviations: a run of Spanish-style track tags, and Slovak's `SK`. */
function addAbbreviated(tags: string, codes: Set<string>): void {
  if (SLOVAK_CODE.test(tags)) codes.add('sk')
  for (const run of tags.matchAll(ABBREVIATION_RUN))
    for (const word of run[0].toLowerCase().split(/[^a-z]+/)) {
      const code = ABBREVIATION_CODES[word]
      if (code) codes.add(code)
    }
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
