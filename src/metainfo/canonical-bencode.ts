/**
 * A strict bencode decoder for info dictionaries. The info hash is taken over the dict's bytes, so
 * those bytes must be the one encoding BEP 3 allows: else one dict travels under two hashes (and a
 * lenient reader and a strict one disagree on what a hash names). Rejected, each with its reason:
 * keys out of raw-byte order or repeated, `i-0e`, leading zeros in integers or string lengths,
 * a list or dict not closed by `e`, bytes after the value. The outer .torrent dict is read
 * leniently instead (bencode-span.ts): real files have sloppy ones, and they are not hashed.
 */
import { MetainfoError } from './errors'

export type BencodeDict = { [key: string]: BencodeValue }
export type BencodeValue = number | Uint8Array | BencodeValue[] | BencodeDict

const COLON = 0x3a
const DIGIT_0 = 0x30
const DIGIT_9 = 0x39
const MINUS = 0x2d
const END = 0x65 // e
const INTEGER = 0x69 // i
const LIST = 0x6c // l
const DICT = 0x64 // d
const MAX_DEPTH = 64
// Longer lengths cannot fit in memory anyway, and stay exact as a double.
const MAX_LENGTH_DIGITS = 15

const utf8 = new TextDecoder('utf-8', { fatal: false })

interface Cursor {
  data: Uint8Array
  position: number
}

/**
 * Decodes one canonically encoded value filling all of `data`, or throws a MetainfoError naming
 * the first non-canonical byte. Dicts have no prototype, so a `__proto__` key is only a key.
 */
export function decodeCanonicalBencode(data: Uint8Array): BencodeValue {
  const cursor: Cursor = { data, position: 0 }
  const value = readValue(cursor, 0, true)!
  if (cursor.position !== data.length) throw invalid(cursor.position, 'bytes after the end of the value')
  return value
}

/**
 * Checks that `data` is one canonically encoded value, as decodeCanonicalBencode does, without
 * building it: a list of a million file entries costs no memory here. Its parts are then read one
 * at a time (readDictEntries, readListItems).
 */
export function validateCanonicalBencode(data: Uint8Array): void {
  const cursor: Cursor = { data, position: 0 }
  readValue(cursor, 0, false)
  if (cursor.position !== data.length) throw invalid(cursor.position, 'bytes after the end of the value')
}

/** The entries of a dict already validated, in their (sorted) order, each value still encoded. */
export function* readDictEntries(data: Uint8Array): Generator<[key: string, value: Uint8Array]> {
  const cursor: Cursor = { data, position: 1 }
  while (data[cursor.position] !== END) {
    const key = utf8.decode(readString(cursor))
    const start = cursor.position
    readValue(cursor, 1, false)
    yield [key, data.subarray(start, cursor.position)]
  }
}

/** The items of a list already validated, each still encoded. */
export function* readListItems(data: Uint8Array): Generator<Uint8Array> {
  const cursor: Cursor = { data, position: 1 }
  while (data[cursor.position] !== END) {
    const start = cursor.position
    readValue(cursor, 1, false)
    yield data.subarray(start, cursor.position)
  }
}

/** Whether encoded bytes hold a dict (`d`) or a list (`l`). */
export const isEncodedDict = (data: Uint8Array): boolean => data[0] === DICT
export const isEncodedList = (data: Uint8Array): boolean => data[0] === LIST

/** With `build` false every check is made but nothing is kept: the value returned is undefined. */
function readValue(cursor: Cursor, depth: number, build: boolean): BencodeValue | undefined {
  if (depth > MAX_DEPTH) throw invalid(cursor.position, 'nested too deeply')
  const byte = cursor.data[cursor.position]
  if (byte === undefined) throw unclosed(cursor)
  if (byte === INTEGER) return readInteger(cursor)
  if (byte === LIST) return readList(cursor, depth, build)
  if (byte === DICT) return readDict(cursor, depth, build)
  if (isDigit(byte)) return readString(cursor)
  throw invalid(cursor.position, `unexpected byte 0x${byte.toString(16).padStart(2, '0')}`)
}

function readInteger(cursor: Cursor): number {
  const { data, position } = cursor
  const isNegative = data[position + 1] === MINUS
  const digitsStart = position + (isNegative ? 2 : 1)
  const digitsEnd = skipDigits(data, digitsStart)
  if (digitsEnd >= data.length) throw unclosed(cursor)
  if (data[digitsEnd] !== END || digitsEnd === digitsStart) throw invalid(position, 'malformed integer')
  if (data[digitsStart] === DIGIT_0 && isNegative) throw invalid(position, 'integer -0')
  if (data[digitsStart] === DIGIT_0 && digitsEnd - digitsStart > 1) throw invalid(position, 'integer with a leading zero')
  cursor.position = digitsEnd + 1
  return Number(utf8.decode(data.subarray(position + 1, digitsEnd)))
}

function readString(cursor: Cursor): Uint8Array {
  const { data, position } = cursor
  const lengthEnd = skipDigits(data, position)
  if (lengthEnd >= data.length) throw unclosed(cursor)
  if (data[lengthEnd] !== COLON || lengthEnd - position > MAX_LENGTH_DIGITS) throw invalid(position, 'malformed string length')
  if (data[position] === DIGIT_0 && lengthEnd - position > 1) throw invalid(position, 'string length with a leading zero')
  const length = Number(utf8.decode(data.subarray(position, lengthEnd)))
  const start = lengthEnd + 1
  if (start + length > data.length) throw invalid(position, 'string runs past the end')
  cursor.position = start + length
  return data.subarray(start, start + length)
}

function readList(cursor: Cursor, depth: number, build: boolean): BencodeValue[] | undefined {
  const list: BencodeValue[] | undefined = build ? [] : undefined
  cursor.position++
  while (!atEnd(cursor)) {
    const item = readValue(cursor, depth + 1, build)
    list?.push(item!)
  }
  cursor.position++
  return list
}

function readDict(cursor: Cursor, depth: number, build: boolean): BencodeDict | undefined {
  const dict: BencodeDict = Object.create(null)
  const keys = new Set<string>()
  let previousKey: Uint8Array | undefined
  cursor.position++
  while (!atEnd(cursor)) {
    const keyPosition = cursor.position
    if (!isDigit(cursor.data[keyPosition]!)) throw invalid(keyPosition, 'dictionary key is not a string')
    const keyBytes = readString(cursor)
    const key = utf8.decode(keyBytes)
    const order = previousKey ? compareBytes(previousKey, keyBytes) : -1
    if (order === 0) throw invalid(keyPosition, `duplicate key ${JSON.stringify(key)}`)
    if (order > 0) throw invalid(keyPosition, `key ${JSON.stringify(key)} out of sorted order`)
    // Distinct raw keys that are not UTF-8 can decode alike; keeping one would silently drop the other.
    if (keys.has(key)) throw invalid(keyPosition, `key ${JSON.stringify(key)} is ambiguous once decoded as UTF-8`)
    keys.add(key)
    const value = readValue(cursor, depth + 1, build)
    if (build) dict[key] = value!
    previousKey = keyBytes
  }
  cursor.position++
  return build ? dict : undefined
}

/** True at the `e` closing a list or dict; throws if the input ends first. */
function atEnd(cursor: Cursor): boolean {
  if (cursor.position >= cursor.data.length) throw unclosed(cursor)
  return cursor.data[cursor.position] === END
}

function skipDigits(data: Uint8Array, position: number): number {
  let cursor = position
  while (cursor < data.length && isDigit(data[cursor]!)) cursor++
  return cursor
}

function isDigit(byte: number): boolean {
  return byte >= DIGIT_0 && byte <= DIGIT_9
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const shared = Math.min(a.length, b.length)
  for (let i = 0; i < shared; i++) if (a[i] !== b[i]) return a[i]! - b[i]!
  return a.length - b.length
}

function unclosed(cursor: Cursor): MetainfoError {
  return invalid(cursor.position, 'input ends before the value is closed (missing e)')
}

function invalid(position: number, reason: string): MetainfoError {
  return new MetainfoError(`invalid bencode in info dictionary at byte ${position}: ${reason}`)
}
