import { extensionOf, fileTypeOf, type TorrentFile } from '../../metainfo'
import type { ParsedRelease } from '../model'
import { celInt, ReleaseFacts, TorrentFacts, toFileFacts } from './cel-facts'

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
 * Hot (every ingested torrent): plain number arrays indexed by group, converted once at the end,
 * and per-file facts made only for the largest file unless a rule reads `torrent.files`.
 */
export function buildFacts(input: ClassifierInput, parsed: ParsedRelease, groups: ExtensionGroups): Facts {
  // An empty list says no more than a missing one; either way the name is the only file.
  const files = input.files?.length ? input.files : [nameAsFile(input)]
  const bytes = new Float64Array(groups.names.length)
  const counts = new Uint32Array(groups.names.length)
  const paths: string[] = []
  let totalBytes = 0
  let largest = files[0]!
  for (const file of files) {
    totalBytes += file.sizeBytes
    paths.push(file.path)
    if (file.sizeBytes > largest.sizeBytes) largest = file
    if (!file.extension) continue
    for (const group of groups.indexesByExtension.get(file.extension) ?? NO_GROUPS) {
      bytes[group]! += file.sizeBytes
      counts[group]!++
    }
  }
  const shareMap = new Map<string, number>()
  const countMap = new Map<string, bigint>()
  for (let i = 0; i < groups.names.length; i++) {
    shareMap.set(groups.names[i]!, totalBytes > 0 ? bytes[i]! / totalBytes : counts[i]! > 0 ? 1 : 0)
    countMap.set(groups.names[i]!, celInt(counts[i]!))
  }
  const torrent = new TorrentFacts(
    input.name,
    input.sizeBytes,
    input.files !== null,
    celInt(input.files?.length ?? 0),
    files,
    // One flat string: a joined list is scanned by keyword patterns faster than a concatenation.
    paths.join('\n'),
    totalBytes > 0 ? largest.sizeBytes / totalBytes : 1,
    toFileFacts(largest),
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

function nameAsFile(input: ClassifierInput): TorrentFile {
  const extension = extensionOf(input.name)
  return { index: 0, path: input.name, sizeBytes: input.sizeBytes, extension, fileType: fileTypeOf(extension) }
}
