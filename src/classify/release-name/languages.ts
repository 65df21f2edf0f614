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
