/**
 * magnetico import benchmark: writes a magnetico database of synthetic torrents (1-20 files each,
 * magneticod's schema) and imports it through `cli import`'s path (read-only SQLite reader, record
 * checks, ingest pipeline, classification, SQLite in WAL mode). Prints torrents/s and peak RSS.
 *   bun bench/magnetico.ts [count]
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { runImportCommand } from '../src/importer'
import { writeMagneticoDatabase } from '../tests/support/magnetico-db'
import { createRandom } from '../tests/support/seeded-random'
import { openBenchIndex } from './support/bench-index'
import { peakRssMb } from './support/measure'
import { syntheticTorrent } from './support/synthetic-releases'

const count = Number(Bun.argv[2] ?? 200_000)
const dir = mkdtempSync(join(tmpdir(), 'bench-magnetico-'))
const sourcePath = join(dir, 'magnetico.sqlite3')

const generateStart = performance.now()
const random = createRandom(7)
let fileRows = 0
writeMagneticoDatabase(
  sourcePath,
  (function* () {
    for (let i = 0; i < count; i++) {
      const torrent = syntheticTorrent(random, i)
      fileRows += torrent.files.length
      yield {
        infoHash: Buffer.from(torrent.infoHash, 'hex'),
        name: torrent.name,
        totalSize: Math.max(torrent.size, 1),
        discoveredOn: torrent.publishedAt,
        files: torrent.files,
      }
    }
  })(),
)
console.log(
  `wrote a magnetico database of ${count} torrents (${fileRows} files, ${(statSync(sourcePath).size / 1e6).toFixed(0)} MB) in ${((performance.now() - generateStart) / 1000).toFixed(1)} s`,
)

const { db, pipeline } = openBenchIndex(join(dir, 'index.db'))
const discard = new Writable({ write: (_chunk, _encoding, done) => done() })
const importStart = performance.now()
const summary = await runImportCommand([sourcePath], { pipeline, stdout: discard, stderr: discard, isTTY: false })
const seconds = (performance.now() - importStart) / 1000
console.log(
  `imported ${summary.imported} (rejected ${summary.rejected}) in ${seconds.toFixed(1)} s: ${Math.round(summary.imported / seconds)} torrents/s, ${Math.round(fileRows / seconds)} files/s`,
)
console.log(`peak RSS ${peakRssMb().toFixed(0)} MB`)
db.close()
rmSync(dir, { recursive: true, force: true })
