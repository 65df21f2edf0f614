/**
 * IMDb ids arrive as `tt0133093`, `0133093` or `133093` (Sonarr, Radarr and Prowlarr each send
 * another form). Stored and compared in one form: `tt` and at least seven digits. Null when the
 * value is not an IMDb id.
 */
export function normaliseImdbId(value: string): string | null {
  const match = /^(?:tt)?(\d{1,10})$/i.exec(value.trim())
  if (!match || Number(match[1]) === 0) return null
  return `tt${String(Number(match[1])).padStart(7, '0')}`
}
