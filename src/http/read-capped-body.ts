/**
 * The body as text, read as it streams in and given up on as soon as it passes `maxBytes` (a
 * declared Content-Length over it is refused before anything is read), so an oversized body is
 * never held in memory. 'too_large' when it passes; '' when there is none. A Response reads the
 * same way (another service's answer).
 */
export async function readCappedBody(request: Pick<Request, 'headers' | 'body'>, maxBytes: number): Promise<string | 'too_large'> {
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) return 'too_large'
  if (!request.body) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of request.body) {
    size += chunk.length
    if (size > maxBytes) return 'too_large'
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}
