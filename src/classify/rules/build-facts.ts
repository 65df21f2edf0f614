import { extensionOf, fileTypeOf, type TorrentFile } from '../../metainfo'
import type { ParsedRelease } from '../model'
import { FileFacts, ReleaseFacts, TorrentFacts } from './cel-facts'

/** A torrent as the classifier receives it. */
export interface ClassifierInput {
  name: string
  sizeBytes: number
  /** null when only the name is known. */
  files: readonly TorrentFile[] | null
  tags: readonly string[]
}

export interface Facts {
  torrent: TorrentFacts
  release: ReleaseFacts
  /** Share of all bytes in each extension group (0 for groups with no files). */
  shares: Map<string, number>
  /** Number of files in each extension group. */
  counts: Map<string, bigint>
}

/**
 * One pass over the files: the byte share and file count of every extension group the rules
 * declare, so that "mostly video" is a map lookup in CEL rather than a fold over the files in
 * each rule. Without a file list (or with an empty one) the name stands for the only file, as in
 * bitmagnet.
 * Hot (every ingested torrent): plain number arrays indexed by group, converted once at the end.
 */
export function buildFacts(input: ClassifierInput, parsed: ParsedRelease, groups: ExtensionGroups): Facts {
  // An empty list says no more than a missing one; either way the name is the only file.
  const files = input.files?.length ? input.files.map(toFileFacts) : [nameAsFile(input)]
  const bytes = new Float64Array(groups.names.length)
  const counts = new Uint32Array(groups.names.length)
  const extensions = new Set<string>()
  let totalBytes = 0
  let largest = files[0]!
  let paths = ''
  for (const file of files) {
    totalBytes += file.size
    paths += paths ? `\n${file.path}` : file.path
    if (file.size > largest.size) largest = file
    if (!file.extension) continue
    extensions.add(file.extension)
    for (const group of groups.indexesByExtension.get(file.extension) ?? NO_GROUPS) {
      bytes[group]! += file.size
      counts[group]!++
    }
  }
  const shareMap = new Map<string, number>()
  const countMap = new Map<string, bigint>()
  groups.names.forEach((name, i) => {
    shareMap.set(name, totalBytes > 0 ? bytes[i]! / totalBytes : counts[i]! > 0 ? 1 : 0)
    countMap.set(name, BigInt(counts[i]!))
  })
  const torrent = new TorrentFacts(
    input.name,
    input.sizeBytes,
    input.files !== null,
    BigInt(input.files?.length ?? 0),
    files,
    [...extensions],
    paths,
    totalBytes > 0 ? largest.size / totalBytes : 1,
    largest,
    [...input.tags],
  )
  return { torrent, release: new ReleaseFacts(parsed), shares: shareMap, counts: countMap }
}

/** The rules file's extension groups, indexed for the pass over the files. */
export interface ExtensionGroups {
  names: readonly string[]
  indexesByExtension: ReadonlyMap<string, readonly number[]>
}

export function indexExtensionGroups(extensions: Record<string, string[]>): ExtensionGroups {
  const names = Object.keys(extensions)
  const indexesByExtension = new Map<string, number[]>()
  names.forEach((name, index) => {
    for (const extension of extensions[name]!) indexesByExtension.set(extension, [...(indexesByExtension.get(extension) ?? []), index])
  })
  return { names, indexesByExtension }
}

const NO_GROUPS: readonly number[] = []

function toFileFacts(file: TorrentFile): FileFacts {
  const slash = file.path.lastIndexOf('/')
  return new FileFacts(file.path, file.path.slice(slash + 1), file.extension ?? '', file.fileType, file.sizeBytes)
}

function nameAsFile(input: ClassifierInput): FileFacts {
  const extension = extensionOf(input.name)
  return new FileFacts(input.name, input.name, extension ?? '', fileTypeOf(extension), input.sizeBytes)
}
