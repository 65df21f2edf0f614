/**
 * The info hash is the hash of the info dictionary's bytes exactly as they appear in the file, and
 * re-encoding a decoded dict only reproduces them for canonically ordered input. So we locate the
 * raw span of a top-level key by skipping over bencoded values without decoding them.
 */
import { MetainfoError } from './errors'

const COLON = 0x3a
const DIGIT_0 = 0x30
const DIGIT_9 = 0x39
const END = 0x65 // e

/** [start, end) of the value stored under `key` in the top-level dictionary, or undefined. */
export function findTopLevelValueSpan(data: Uint8Array, key: string): [number, number] | undefined {
  if (data[0] !== 0x64) throw new MetainfoError('metainfo is not a bencoded dictionary')
  const wanted = new TextEncoder().encode(key)
  let position = 1
  while (position < data.length && data[position] !== END) {
    const [keyStart, keyEnd] = readStringSpan(data, position)
    const valueStart = keyEnd
    const valueEnd = skipValue(data, valueStart, 0)
    if (bytesEqual(data, keyStart, keyEnd, wanted)) return [valueStart, valueEnd]
    position = valueEnd
  }
  return undefined
}

/** Start and end of a string's payload; the payload ends where the next token begins. */
function readStringSpan(data: Uint8Array, position: number): [number, number] {
  let length = 0
  let cursor = position
  while (cursor < data.length && data[cursor] !== COLON) {
    const byte = data[cursor]!
    if (byte < DIGIT_0 || byte > DIGIT_9 || cursor - position > 15) throw truncated(position)
    length = length * 10 + (byte - DIGIT_0)
    cursor++
  }
  const start = cursor + 1
  if (cursor >= data.length || start + length > data.length) throw truncated(position)
  return [start, start + length]
}

const MAX_DEPTH = 64

function skipValue(data: Uint8Array, position: number, depth: number): number {
  if (depth > MAX_DEPTH) throw new MetainfoError('bencode nested too deeply')
  const byte = data[position]
  if (byte === 0x69) {
    const end = data.indexOf(END, position)
    if (end < 0) throw truncated(position)
    return end + 1
  }
  if (byte === 0x6c || byte === 0x64) {
    let cursor = position + 1
    while (cursor < data.length && data[cursor] !== END) cursor = skipValue(data, cursor, depth + 1)
    if (cursor >= data.length) throw truncated(position)
    return cursor + 1
  }
  return readStringSpan(data, position)[1]
}

function bytesEqual(data: Uint8Array, start: number, end: number, wanted: Uint8Array): boolean {
  if (end - start !== wanted.length) return false
  for (let i = 0; i < wanted.length; i++) if (data[start + i] !== wanted[i]) return false
  return true
}

function truncated(position: number): MetainfoError {
  return new MetainfoError(`malformed bencode at byte ${position}`)
}
