/**
 * Export cursors: opaque to clients (they send back what X-Next-Cursor gave them), so the order
 * behind them can change without a client noticing. Today one carries the position of the last
 * torrent sent, versioned; anything else is refused rather than read as the start.
 */
const CURSOR_TEXT = /^v1\.(\d{1,15})$/

export function encodeExportCursor(position: number): string {
  return Buffer.from(`v1.${position}`).toString('base64url')
}

/** The position a cursor holds, or null when it is not one this index made. */
export function decodeExportCursor(cursor: string): number | null {
  if (cursor.length > 64 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null
  const match = CURSOR_TEXT.exec(Buffer.from(cursor, 'base64url').toString('latin1'))
  if (!match) return null
  const position = Number(match[1])
  return Number.isSafeInteger(position) ? position : null
}
