import type { FileType } from './file-type'

export interface TorrentFile {
  /** Position in the metainfo's own file list (padding files keep their slots). */
  index: number
  /** Relative to the torrent's folder, `/`-separated, through `normaliseFilePath`; for a single-file torrent, the name. */
  path: string
  sizeBytes: number
  extension: string | null
  fileType: FileType
}

/** What a verified info dictionary tells about a torrent. */
export interface TorrentMetainfo {
  /** 40 lowercase hex: SHA-1 of the info dict, or the truncated SHA-256 for a v2-only torrent. */
  infoHash: string
  /** 64 lowercase hex SHA-256 of the info dict, for v2 and hybrid torrents (BEP 52). */
  infoHashV2: string | null
  /** Display name, through `normaliseFilePath` like a path: it names the file or folder a client saves. */
  name: string
  /** Sum of the real files; padding is not content. */
  sizeBytes: number
  isPrivate: boolean
  /** The first `MetainfoLimits.files` real files, in the metainfo's order. */
  files: TorrentFile[]
  /** Every real file, listed or not: more than `files.length` when the list was cut. */
  filesCount: number
}

/**
 * How much of a torrent's text and file list is kept (SERVICE_MAX_NAME_LENGTH, _PATH_LENGTH,
 * _FILES_PER_TORRENT): a name or path past its length is cut and marked, files past the count are
 * counted and their sizes summed but not listed. Each parser applies them while it reads, so a
 * hostile input costs no more memory than a torrent at the limits.
 */
export interface MetainfoLimits {
  nameChars: number
  pathChars: number
  files: number
}

/** The limits when configuration says nothing (the defaults of the variables above, which read them from here). */
export const DEFAULT_METAINFO_LIMITS: MetainfoLimits = Object.freeze({ nameChars: 512, pathChars: 1024, files: 1000 })
