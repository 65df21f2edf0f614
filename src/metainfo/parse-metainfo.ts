import { createHash } from 'node:crypto'
import { findTopLevelValueSpan } from './bencode-span'
import { type BencodeDict as Dict, type BencodeValue, decodeCanonicalBencode } from './canonical-bencode'
import { MetainfoError } from './errors'
import { extensionOf, fileTypeOf } from './file-type'
import { normaliseFilePath } from './file-path'
import type { TorrentFile, TorrentMetainfo } from './model'
import { decodeName } from './text'

/** Parses a whole .torrent file; the info hash is taken over the info dict's original bytes. */
export function parseTorrentFile(data: Uint8Array): TorrentMetainfo {
  const span = findTopLevelValueSpan(data, 'info')
  if (!span) throw new MetainfoError('metainfo has no info dictionary')
  return parseInfoDict(data.subarray(span[0], span[1]))
}

/**
 * Parses a bencoded info dictionary (from a .torrent or a peer's ut_metadata). v1, v2 (BEP 52)
 * and hybrid dicts are accepted; a hybrid's v1 file list is used since it names the padding files.
 * The bytes must be canonical bencode (canonical-bencode.ts); paths and the name come out through
 * `normaliseFilePath`.
 */
export function parseInfoDict(infoBytes: Uint8Array): TorrentMetainfo {
  const info = decodeDict(infoBytes)
  const hasV1 = info.pieces instanceof Uint8Array
  const hasV2 = info['meta version'] === 2 && isDict(info['file tree'])
  if (!hasV1 && !hasV2) throw new MetainfoError('info dictionary has neither v1 pieces nor a v2 file tree')

  const rawName = decodeName(bytesField(info, 'name.utf-8') ?? requireBytes(info, 'name'))
  if (!rawName) throw new MetainfoError('info dictionary has an empty name')
  // Also a single-file torrent's file name, so it gets the same treatment as any path.
  const name = normaliseFilePath(rawName)
  const files = hasV1 ? listV1Files(info, name) : listV2Files(info['file tree'] as Dict)
  const sha256 = hasV2 ? createHash('sha256').update(infoBytes).digest('hex') : null
  return {
    infoHash: hasV1 ? createHash('sha1').update(infoBytes).digest('hex') : sha256!.slice(0, 40),
    infoHashV2: sha256,
    name,
    sizeBytes: files.reduce((total, file) => total + file.sizeBytes, 0),
    isPrivate: info.private === 1,
    files,
  }
}

/** Strictly canonical: the info hash is taken over these bytes, so they may encode the dict only one way. */
function decodeDict(bytes: Uint8Array): Dict {
  const value = decodeCanonicalBencode(bytes)
  if (!isDict(value)) throw new MetainfoError('info is not a dictionary')
  return value
}

function listV1Files(info: Dict, name: string): TorrentFile[] {
  if (!Array.isArray(info.files)) return [describeFile(0, name, requireLength(info))]
  const files: TorrentFile[] = []
  info.files.forEach((entry, index) => {
    if (!isDict(entry)) throw new MetainfoError(`file ${index} is not a dictionary`)
    const rawSegments = entry['path.utf-8'] ?? entry.path
    if (!Array.isArray(rawSegments) || rawSegments.length === 0) throw new MetainfoError(`file ${index} has no path`)
    const segments = rawSegments.map((segment) => {
      if (!(segment instanceof Uint8Array)) throw new MetainfoError(`file ${index} has a malformed path`)
      return decodeName(segment)
    })
    if (isPaddingFile(entry, segments)) return
    files.push(describeFile(index, normaliseFilePath(segments), requireLength(entry)))
  })
  return files
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
 */
function listV2Files(tree: Dict): TorrentFile[] {
  const files: TorrentFile[] = []
  const walk = (node: Dict, segments: string[], depth: number) => {
    if (depth > 64) throw new MetainfoError('file tree nested too deeply')
    for (const [key, child] of Object.entries(node)) {
      if (!isDict(child)) throw new MetainfoError('malformed file tree')
      const path = [...segments, key]
      const leaf = child['']
      if (isDict(leaf)) files.push(describeFile(files.length, normaliseFilePath(path), requireLength(leaf)))
      else walk(child, path, depth + 1)
    }
  }
  walk(tree, [], 0)
  if (files.length === 0) throw new MetainfoError('file tree lists no files')
  return files
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
