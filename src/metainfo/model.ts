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
  files: TorrentFile[]
}
