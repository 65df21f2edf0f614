/**
 * Classification speed of this checkout against another commit (by default main, the branch a
 * change is measured against), in one process over the same torrents as bench/classify.ts. The
 * other commit's src/ is taken out of git into a temporary folder beside this node_modules: two
 * copies of the base parser from two installs measured 10 % apart with the same code. The two
 * classifiers take turns on chunks of the torrents, the first of each turn alternating, each
 * chunk's fastest of three runs kept, so the drift and preemption of a shared machine (which move
 * bench/classify.ts's figure by 2x between runs) fall on both alike. `--same` compares this checkout with a copy of itself, the error of the method.
 *   bun bench/classify-ab.ts [commit] [count]
 *   bun bench/classify-ab.ts --same [count]
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Classifier, type ClassifierInput, loadClassifier } from '../src/classify'
import { parseInfoDict } from '../src/metainfo'
import { createRandom } from '../tests/support/seeded-random'
import { syntheticInfoDict, syntheticTorrent } from './support/synthetic-releases'

const args = Bun.argv.slice(2).filter((arg) => !arg.startsWith('--'))
const isSame = Bun.argv.includes('--same')
if (isSame) args.unshift('HEAD')
const commit = args[0] ?? 'main'
const count = Number(args[1] ?? 50_000)
const root = join(import.meta.dir, '..')
const otherDir = mkdtempSync(join(tmpdir(), 'classify-ab-'))
process.on('exit', () => rmSync(otherDir, { recursive: true, force: true }))
const archive = Bun.spawnSync(['git', 'archive', commit, 'src'], { cwd: root })
if (archive.exitCode !== 0) throw new Error(`git archive ${commit}: ${archive.stderr.toString()}`)
Bun.spawnSync(['tar', '-x', '-C', otherDir], { stdin: archive.stdout })
symlinkSync(join(root, 'node_modules'), join(otherDir, 'node_modules'))
if (isSame) Bun.spawnSync(['cp', '-r', join(root, 'src/.'), join(otherDir, 'src')])

const CHUNK = 500

const other = (await import(join(otherDir, 'src/classify/index.ts'))) as { loadClassifier: () => Classifier }
const classifiers = { this: loadClassifier(), other: other.loadClassifier() }
const random = createRandom(11)
const inputs: ClassifierInput[] = Array.from({ length: count }, (_, i) => {
  const metainfo = parseInfoDict(syntheticInfoDict(syntheticTorrent(random, i), 'one'))
  return { name: metainfo.name, sizeBytes: metainfo.sizeBytes, files: metainfo.files, tags: [] }
})

const time = (classifier: Classifier, chunk: ClassifierInput[]): number => {
  const start = Bun.nanoseconds()
  for (const input of chunk) classifier.classify(input)
  return Bun.nanoseconds() - start
}

// Warm both JITs on the first chunks.
for (let i = 0; i < 3; i++) for (const classifier of Object.values(classifiers)) time(classifier, inputs.slice(0, 10_000))

// Each chunk is timed REPEATS times per side, in turn, and the fastest time kept: a run that other
// processes preempted only ever comes out slower, so the minimum is the chunk's own cost.
const REPEATS = 3
const totals = { this: 0, other: 0 }
const ratios: number[] = []
for (let start = 0, turn = 0; start < count; start += CHUNK, turn++) {
  const chunk = inputs.slice(start, start + CHUNK)
  const order = turn % 2 === 0 ? (['this', 'other'] as const) : (['other', 'this'] as const)
  const ns = { this: Number.POSITIVE_INFINITY, other: Number.POSITIVE_INFINITY }
  for (let repeat = 0; repeat < REPEATS; repeat++)
    for (const side of order) ns[side] = Math.min(ns[side], time(classifiers[side], chunk))
  totals.this += ns.this
  totals.other += ns.other
  ratios.push(ns.this / ns.other)
}
ratios.sort((a, b) => a - b)
const median = ratios[Math.floor(ratios.length / 2)]!
const us = (ns: number) => (ns / 1e3 / count).toFixed(1)
console.log(`${count} torrents, chunks of ${CHUNK} taken in turn; other: ${isSame ? 'a copy of this checkout' : commit}`)
console.log(`this checkout:  ${us(totals.this)} us each (${Math.round(count / (totals.this / 1e9))} torrents/s)`)
console.log(`other:          ${us(totals.other)} us each (${Math.round(count / (totals.other / 1e9))} torrents/s)`)
console.log(
  `this / other: ${(totals.this / totals.other).toFixed(3)} in all, median per chunk ${median.toFixed(3)} (quartiles ${ratios[Math.floor(ratios.length / 4)]!.toFixed(3)}-${ratios[Math.floor((3 * ratios.length) / 4)]!.toFixed(3)})`,
)
