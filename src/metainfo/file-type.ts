export const FILE_TYPES = ['video', 'audio', 'archive', 'document', 'image', 'executable', 'subtitle', 'other'] as const
export type FileType = (typeof FILE_TYPES)[number]

const EXTENSIONS_BY_TYPE: Record<Exclude<FileType, 'other'>, string[]> = {
  video: [
    '3g2',
    '3gp',
    'asf',
    'avi',
    'divx',
    'f4v',
    'flv',
    'm2ts',
    'm4v',
    'mkv',
    'mov',
    'mp4',
    'mpeg',
    'mpg',
    'mts',
    'ogm',
    'ogv',
    'rm',
    'rmvb',
    'ts',
    'vob',
    'webm',
    'wmv',
    'xvid',
  ],
  audio: [
    'aac',
    'ac3',
    'aif',
    'aiff',
    'alac',
    'ape',
    'dsf',
    'dff',
    'dts',
    'flac',
    'm4a',
    'm4b',
    'mka',
    'mp2',
    'mp3',
    'mpc',
    'oga',
    'ogg',
    'opus',
    'ra',
    'tta',
    'wav',
    'wma',
    'wv',
  ],
  archive: [
    '7z',
    'ace',
    'arj',
    'bz2',
    'cab',
    'dmg',
    'gz',
    'img',
    'iso',
    'lz',
    'lzma',
    'rar',
    'tar',
    'tgz',
    'txz',
    'xz',
    'z',
    'zip',
    'zst',
    'r00',
    'r01',
    'nrg',
    'mdf',
    'mds',
    'bin',
    'cue',
  ],
  document: [
    'azw',
    'azw3',
    'cbr',
    'cbz',
    'chm',
    'djvu',
    'doc',
    'docx',
    'epub',
    'fb2',
    'htm',
    'html',
    'lit',
    'md',
    'mobi',
    'nfo',
    'odt',
    'pdf',
    'ppt',
    'pptx',
    'rtf',
    'txt',
    'xls',
    'xlsx',
    'xml',
  ],
  image: ['bmp', 'gif', 'heic', 'jpeg', 'jpg', 'png', 'psd', 'svg', 'tif', 'tiff', 'webp'],
  executable: ['apk', 'app', 'bat', 'deb', 'dll', 'exe', 'jar', 'msi', 'pkg', 'rpm', 'sh'],
  subtitle: ['ass', 'idx', 'smi', 'srt', 'ssa', 'sub', 'sup', 'vtt'],
}

const TYPE_BY_EXTENSION = new Map<string, FileType>(
  Object.entries(EXTENSIONS_BY_TYPE).flatMap(([type, extensions]) => extensions.map((extension) => [extension, type as FileType] as const)),
)

/** Lowercase extension of the last path segment, without the dot; null when there is none. */
export function extensionOf(path: string): string | null {
  // Hot on import (every file of every torrent): a backward scan instead of slicing and a regex.
  const end = path.length
  for (let i = end - 1; i >= 0 && end - i <= MAX_EXTENSION_LENGTH + 1; i--) {
    const code = path.charCodeAt(i)
    if (code === 0x2e) {
      const isNameStart = i === 0 || path.charCodeAt(i - 1) === 0x2f
      return i < end - 1 && !isNameStart ? path.slice(i + 1).toLowerCase() : null
    }
    if (!isAsciiAlphanumeric(code)) return null
  }
  return null
}

const MAX_EXTENSION_LENGTH = 10

function isAsciiAlphanumeric(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)
}

export function fileTypeOf(extension: string | null): FileType {
  return (extension && TYPE_BY_EXTENSION.get(extension)) || 'other'
}
