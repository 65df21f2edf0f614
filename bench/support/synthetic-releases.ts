/**
 * Synthetic but realistic torrents for benchmarks: scene-style release names (Zipf-distributed
 * title words, years, SxxEyy, resolutions, sources, codecs, groups) with 1-20 files whose
 * extensions and sizes follow the content. Deterministic for a given seed.
 */
import bencode from 'bencode'
import { randomBytes } from 'node:crypto'
import { createRandom, type Random } from '../../tests/support/seeded-random'
import type { ReleaseCatalogue } from './release-catalogue'
const WORDS = (
  'the of and a to in love night man last dark world war star life house time day city king ' +
  'blood girl dead black little new lost secret story money game road river moon sun fire ice ' +
  'storm shadow hunter wolf dragon queen empire legend ghost spirit heart soul dream island ' +
  'ocean mountain forest winter summer spring autumn red blue green white golden silver iron ' +
  'stone glass paper machine code signal echo station planet galaxy zero alpha omega prime ' +
  'rising falling broken hidden silent wild final first young old last great small deep'
).split(' ')
const RESOLUTIONS = ['2160p', '1080p', '1080p', '1080p', '720p', '720p', '480p', '']
const SOURCES = ['WEB-DL', 'WEBRip', 'BluRay', 'HDTV', 'DVDRip', 'BDRip', 'HDRip', 'REMUX']
const CODECS = ['x264', 'x264', 'x265', 'H.264', 'HEVC', 'XviD', 'AV1']
const GROUPS = ['NTb', 'FLUX', 'SPARKS', 'YIFY', 'RARBG', 'ettv', 'LOL', 'KILLERS', 'GalaxyTV', 'PSA', 'TGx', 'EVO']
const AUDIO = ['DD5.1', 'AAC2.0', 'DTS', 'TrueHD.7.1', 'EAC3', '']

export interface SyntheticTorrent {
  infoHash: string
  name: string
  size: number
  files: { path: string; size: number }[]
  publishedAt: number
  /** The catalogue work it is a release of (with a catalogue only). */
  workIndex?: number
}

/**
 * One release. Without a catalogue its title is 1-4 words of a 100-word vocabulary (the ingest
 * and classify benches' default); with one (bench/search.ts) it is a release of one of the
 * catalogue's works, whose title many releases share.
 */
export function syntheticTorrent(random: Random, index: number, catalogue?: ReleaseCatalogue): SyntheticTorrent {
  const work = catalogue?.pickWork(random)
  const title = work
    ? work.title.split(' ').map(capitalise).join('.')
    : Array.from({ length: random.int(1, 4) }, () => capitalise(random.zipf(WORDS))).join('.')
  const isShow = work ? work.isShow : random.next() < 0.45
  const seasons = work?.seasons ?? 12
  const episode = isShow
    ? random.next() < 0.2
      ? `S${pad(random.int(1, seasons))}`
      : `S${pad(random.int(1, seasons))}E${pad(random.int(1, 24))}`
    : String(work ? work.year : random.int(1950, 2026))
  // Drawn in the same order as before catalogues existed, so the default names are unchanged.
  const resolution = random.pick(RESOLUTIONS)
  const source = catalogue && random.next() < 0.05 ? 'UHD.BluRay' : random.pick(SOURCES)
  const parts = [title, episode, resolution, source, random.pick(AUDIO), random.pick(CODECS)]
  const name = `${parts.filter(Boolean).join('.')}-${random.pick(GROUPS)}`
  const fileCount = random.int(1, 20)
  const files = Array.from({ length: fileCount }, (_, i) => {
    if (i === 0) return { path: `${name}.mkv`, size: random.int(200, 8000) * 1_048_576 }
    const kind = random.next()
    if (kind < 0.4)
      return { path: `Subs/${pad(i)}_${random.pick(['English', 'French', 'Spanish', 'German'])}.srt`, size: random.int(20_000, 120_000) }
    if (kind < 0.6) return { path: `${name}.nfo`.replace('.nfo', `.${i}.nfo`), size: random.int(1000, 9000) }
    if (kind < 0.8)
      return { path: `Sample/${name.toLowerCase()}-sample.mkv`.replace('-sample', `-sample${i}`), size: random.int(10, 90) * 1_048_576 }
    return { path: `Screens/screen${pad(i)}.jpg`, size: random.int(50_000, 900_000) }
  })
  const hash = hashFor(index)
  return {
    infoHash: hash,
    name,
    size: files.reduce((total, file) => total + file.size, 0),
    files,
    publishedAt: 1_600_000_000 + index * 30,
    ...(work ? { workIndex: work.index } : {}),
  }
}

/**
 * The torrent as a bencoded v1 info dict, its piece length grown so that it has ~1,000-2,000
 * pieces as real ones do. `pieceHashes: 'one'` keeps a single random hash where the size of the
 * dict does not matter (the metainfo parser checks the field's type, not its length).
 */
export function syntheticInfoDict(torrent: SyntheticTorrent, pieceHashes: 'all' | 'one'): Uint8Array {
  let pieceLength = 256 * 1024
  while (torrent.size / pieceLength > 2_000) pieceLength *= 2
  return bencode.encode({
    name: torrent.name,
    'piece length': pieceLength,
    pieces: randomBytes(20 * (pieceHashes === 'all' ? Math.ceil(torrent.size / pieceLength) : 1)),
    files: torrent.files.map((file) => ({ length: file.size, path: file.path.split('/') })),
  })
}

/** A stable, well-spread 40-hex hash per index (not cryptographic, just unique and uniform). */
function hashFor(index: number): string {
  const random = createRandom(index * 2654435761)
  let hex = ''
  for (let i = 0; i < 5; i++)
    hex += Math.floor(random.next() * 0x100000000)
      .toString(16)
      .padStart(8, '0')
  return hex
}

function pad(value: number): string {
  return String(value).padStart(2, '0')
}

function capitalise(word: string): string {
  return word[0]!.toUpperCase() + word.slice(1)
}
