import { createHash } from 'node:crypto'
import { findTopLevelValueSpan } from './bencode-span'
import {
  type BencodeDict as Dict,
  type BencodeValue,
  decodeCanonicalBencode,
  isEncodedDict,
  isEncodedList,
  readDictEntries,
  readListItems,
  validateCanonicalBencode,
} from './canonical-bencode'
import { MetainfoError } from './errors'
import { extensionOf, fileTypeOf } from './file-type'
import { normaliseFilePath } from './file-path'
import { DEFAULT_METAINFO_LIMITS, type MetainfoLimits, type TorrentFile, type TorrentMetainfo } from './model'
import { cutText, decodeName } from './text'

/** Parses a whole .torrent file; the info hash is taken over the info dict's original bytes. */
export function parseTorrentFile(data: Uint8Array, limits: MetainfoLimits = DEFAULT_METAINFO_LIMITS): TorrentMetainfo {
  const span = findTopLevelValueSpan(data, 'info')
  if (!span) throw new MetainfoError('metainfo has no info dictionary')
  return parseInfoDict(data.subarray(span[0], span[1]), limits)
}

/**
 * Parses a bencoded info dictionary (from a .torrent or a peer's ut_metadata). v1, v2 (BEP 52)
 * and hybrid dicts are accepted; a hybrid's v1 file list is used since it names the padding files.
 * The bytes must be canonical bencode (canonical-bencode.ts); paths and the name come out through
 * `normaliseFilePath`, cut to `limits`. The file list is read one entry at a time and only the
 * first `limits.files` are kept, so a million-file torrent costs what its bytes do.
 */
export function parseInfoDict(infoBytes: Uint8Array, limits: MetainfoLimits = DEFAULT_METAINFO_LIMITS): TorrentMetainfo {
  validateCanonicalBencode(infoBytes)
  if (!isEncodedDict(infoBytes)) throw new MetainfoError('info is not a dictionary')
  // Everything but the file lists is small: decoded whole. The lists stay encoded until walked.
  const info: Dict = Object.create(null)
  let fileList: Uint8Array | undefined
  let fileTree: Uint8Array | undefined
  for (const [key, value] of readDictEntries(infoBytes)) {
    if (key === 'files' && isEncodedList(value)) fileList = value
    else if (key === 'file tree' && isEncodedDict(value)) fileTree = value
    else info[key] = decodeCanonicalBencode(value)
  }
  const hasV1 = info.pieces instanceof Uint8Array
  const hasV2 = info['meta version'] === 2 && fileTree !== undefined
  if (!hasV1 && !hasV2) throw new MetainfoError('info dictionary has neither v1 pieces nor a v2 file tree')

  const rawName = decodeName(bytesField(info, 'name.utf-8') ?? requireBytes(info, 'name'))
  if (!rawName) throw new MetainfoError('info dictionary has an empty name')
  // Also a single-file torrent's file name, so it gets the same treatment as any path.
  const name = cutText(normaliseFilePath(rawName), limits.nameChars)
  const listing = createListing(limits)
  if (!hasV1) {
    listV2Files(fileTree!, listing)
    if (listing.count === 0) throw new MetainfoError('file tree lists no files')
  } else if (fileList) listV1Files(fileList, listing)
  else listing.add(name, requireLength(info))
  const sha256 = hasV2 ? createHash('sha256').update(infoBytes).digest('hex') : null
  return {
    infoHash: hasV1 ? createHash('sha1').update(infoBytes).digest('hex') : sha256!.slice(0, 40),
    infoHashV2: sha256,
    name,
    sizeBytes: listing.sizeBytes,
    isPrivate: info.private === 1,
    files: listing.files,
    filesCount: listing.count,
  }
}

/** The files kept (up to the limit), and the count and total size of them all. */
function createListing(limits: MetainfoLimits): Listing {
  const listing: Listing = {
    files: [] as TorrentFile[],
    count: 0,
    sizeBytes: 0,
    /** A real file at `index` (the metainfo's position, padding included). */
    add(path, sizeBytes, index = listing.count) {
      listing.count++
      listing.sizeBytes += sizeBytes
      if (listing.files.length < limits.files)
        listing.files.push(describeFile(index, cutText(normaliseFilePath(path), limits.pathChars), sizeBytes))
    },
  }
  return listing
}

interface Listing {
  files: TorrentFile[]
  count: number
  sizeBytes: number
  add(path: string | string[], sizeBytes: number, index?: number): void
}

function listV1Files(fileList: Uint8Array, listing: Listing): void {
  let index = 0
  for (const encoded of readListItems(fileList)) {
    const entry = decodeCanonicalBencode(encoded)
    if (!isDict(entry)) throw new MetainfoError(`file ${index} is not a dictionary`)
    const rawSegments = entry['path.utf-8'] ?? entry.path
    if (!Array.isArray(rawSegments) || rawSegments.length === 0) throw new MetainfoError(`file ${index} has no path`)
    const segments = rawSegments.map((segment) => {
      if (!(segment instanceof Uint8Array)) throw new MetainfoError(`file ${index} has a malformed path`)
      return decodeName(segment)
    })
    if (!isPaddingFile(entry, segments)) listing.add(segments, requireLength(entry), index)
    index++
  }
}

/** BEP 47 marks padding with attr `p`; BitComet's older convention names them `_____padding_file_*`. */
function isPaddingFile(entry: Dict, segments: string[]): boolean {
  const attr = entry.attr
  if (attr instanceof Uint8Array && new TextDecoder().decode(attr).includes('p')) return true
  return segments.at(-1)!.startsWith('_____padding_file_')
}

/**
 * BEP 52 file tree: nested dicts of path segments; a file is a node whose "" key holds its length.
 * A single-file torrent's tree holds one entry named like the torrent, so its path is the name.
 * Walked in the dict's (sorted) order, one node at a time.
 */
function listV2Files(tree: Uint8Array, listing: Listing): void {
  const walk = (node: Uint8Array, segments: string[], depth: number) => {
    if (depth > 64) throw new MetainfoError('file tree nested too deeply')
    for (const [key, child] of readDictEntries(node)) {
      if (!isEncodedDict(child)) throw new MetainfoError('malformed file tree')
      const path = [...segments, key]
      const leaf = fileLeafOf(child)
      if (leaf) listing.add(path, requireLength(leaf))
      else walk(child, path, depth + 1)
    }
  }
  walk(tree, [], 0)
}

/** The `""` entry of a file tree node, when it is a dict: the node is then a file. */
function fileLeafOf(node: Uint8Array): Dict | null {
  for (const [key, value] of readDictEntries(node)) {
    if (key !== '') return null
    const leaf = decodeCanonicalBencode(value)
    return isDict(leaf) ? leaf : null
  }
  return null
}

function describeFile(index: number, path: string, sizeBytes: number): TorrentFile {
  const extension = extensionOf(path)
  return { index, path, sizeBytes, extension, fileType: fileTypeOf(extension) }
}

function requireLength(dict: Dict): number {
  const length = dict.length
  if (typeof length !== 'number' || !Number.isSafeInteger(length) || length < 0) {
    throw new MetainfoError('file length is missing or invalid')
  }
  return length
}

function bytesField(dict: Dict, key: string): Uint8Array | undefined {
  const value = dict[key]
  return value instanceof Uint8Array ? value : undefined
}

function requireBytes(dict: Dict, key: string): Uint8Array {
  const value = bytesField(dict, key)
  if (!value) throw new MetainfoError(`info dictionary has no ${key}`)
  return value
}

function isDict(value: BencodeValue | undefined): value is Dict {
  return !!value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Uint8Array)
}
