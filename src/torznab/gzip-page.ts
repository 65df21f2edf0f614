/** Level 1: a 100-item page shrinks about as much as at the default level 6, in a fifth of the time. */
export function gzipPage(body: string | Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  return Bun.gzipSync(body, { level: 1 })
}
