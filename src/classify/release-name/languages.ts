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

export function toLanguages(raw: string[] | undefined): string[] {
  if (!raw) return []
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

/** English names of the ISO 639-1 codes we emit, for Torznab's `language` attribute. */
export const LANGUAGE_NAMES: Record<string, string> = {
  af: 'Afrikaans', ar: 'Arabic', az: 'Azerbaijani', be: 'Belarusian', bg: 'Bulgarian', bn: 'Bengali',
  bs: 'Bosnian', ca: 'Catalan', cs: 'Czech', cy: 'Welsh', da: 'Danish', de: 'German', el: 'Greek',
  en: 'English', es: 'Spanish', et: 'Estonian', eu: 'Basque', fa: 'Persian', fi: 'Finnish',
  fr: 'French', ga: 'Irish', gl: 'Galician', gu: 'Gujarati', he: 'Hebrew', hi: 'Hindi',
  hr: 'Croatian', hu: 'Hungarian', hy: 'Armenian', id: 'Indonesian', is: 'Icelandic', it: 'Italian',
  ja: 'Japanese', ka: 'Georgian', kk: 'Kazakh', km: 'Khmer', kn: 'Kannada', ko: 'Korean',
  ku: 'Kurdish', lt: 'Lithuanian', lv: 'Latvian', mk: 'Macedonian', ml: 'Malayalam', mn: 'Mongolian',
  mr: 'Marathi', ms: 'Malay', mt: 'Maltese', nl: 'Dutch', no: 'Norwegian', pa: 'Punjabi',
  pl: 'Polish', pt: 'Portuguese', ro: 'Romanian', ru: 'Russian', sk: 'Slovak', sl: 'Slovenian',
  so: 'Somali', sq: 'Albanian', sr: 'Serbian', sv: 'Swedish', sw: 'Swahili', ta: 'Tamil',
  te: 'Telugu', th: 'Thai', tl: 'Tagalog', tr: 'Turkish', uk: 'Ukrainian', ur: 'Urdu',
  uz: 'Uzbek', vi: 'Vietnamese', yi: 'Yiddish', zh: 'Chinese', zu: 'Zulu',
}
