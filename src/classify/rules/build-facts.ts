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
 * each rule. Without a file list the name stands for the only file, as in bitmagnet.
 */
export function buildFacts(
  input: ClassifierInput,
  parsed: ParsedRelease,
  groupsByExtension: ReadonlyMap<string, readonly string[]>,
  groupNames: readonly string[],
): Facts {
  const files = input.files ? input.files.map(toFileFacts) : [nameAsFile(input)]
  const bytes = new Map<string, number>(groupNames.map((group) => [group, 0]))
  const counts = new Map<string, bigint>(groupNames.map((group) => [group, 0n]))
  const extensions = new Set<string>()
  let totalBytes = 0
  let largest = files[0] ?? nameAsFile(input)
  for (const file of files) {
    totalBytes += file.size
    if (file.size > largest.size) largest = file
    if (!file.extension) continue
    extensions.add(file.extension)
    for (const group of groupsByExtension.get(file.extension) ?? []) {
      bytes.set(group, bytes.get(group)! + file.size)
      counts.set(group, counts.get(group)! + 1n)
    }
  }
  const shares = new Map<string, number>()
  for (const [group, groupBytes] of bytes) shares.set(group, totalBytes > 0 ? groupBytes / totalBytes : counts.get(group)! > 0n ? 1 : 0)
  const torrent = new TorrentFacts(
    input.name,
    input.sizeBytes,
    input.files !== null,
    BigInt(input.files?.length ?? 0),
    files,
    [...extensions],
    files.map((file) => file.path).join('\n'),
    totalBytes > 0 ? largest.size / totalBytes : 1,
    largest,
    [...input.tags],
  )
  return { torrent, release: new ReleaseFacts(parsed), shares, counts }
}

function toFileFacts(file: TorrentFile): FileFacts {
  const slash = file.path.lastIndexOf('/')
  return new FileFacts(file.path, file.path.slice(slash + 1), file.extension ?? '', file.fileType, file.sizeBytes)
}

function nameAsFile(input: ClassifierInput): FileFacts {
  const extension = extensionOf(input.name)
  return new FileFacts(input.name, input.name, extension ?? '', fileTypeOf(extension), input.sizeBytes)
}
