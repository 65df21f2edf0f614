/**
 * Classification speed of this checkout against another commit (by default main, the branch a
 * change is measured against), over the same torrents as bench/classify.ts, for a change that
 * must stay within a few per cent of it: on a shared machine bench/classify.ts's own figure moves
 * by 2x between runs. So the two are measured in one process, each from a copy of its src/
 * beside this node_modules (two installs of the base parser measured 10 % apart with the same
 * code), taking turns on chunks of the torrents, each chunk's fastest of three runs in CPU time
 * kept (a wait for a core, or a preemption, only ever adds). The classifier loaded first measured
 * 4 % faster with the same code, so the comparison runs twice, in a child process per load order,
 * and the two ratios are averaged. `--same` compares this checkout with itself: the method's error.
 *   bun bench/classify-ab.ts [commit] [count]
 *   bun bench/classify-ab.ts --same [count]
 */
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Classifier, ClassifierInput } from '../src/classify'
import { parseInfoDict } from '../src/metainfo'
import { createRandom } from '../tests/support/seeded-random'
import { syntheticInfoDict, syntheticTorrent } from './support/synthetic-releases'

const CHUNK = 500
const REPEATS = 3
const root = join(import.meta.dir, '..')
const args = Bun.argv.slice(2).filter((arg) => !arg.startsWith('--'))
const isSame = Bun.argv.includes('--same')
const commit = isSame ? 'this checkout' : (args[0] ?? 'main')
const count = Number((isSame ? args[0] : args[1]) ?? 50_000)

interface Measure {
  thisNs: number
  otherNs: number
  medianRatio: number
}

if (process.env.CLASSIFY_AB_ORDER) {
  console.log(JSON.stringify(await measure(process.env.CLASSIFY_AB_ORDER === 'other-first')))
} else {
  const runs = (['this-first', 'other-first'] as const).map((order) => {
    const child = Bun.spawnSync(['bun', import.meta.path, ...Bun.argv.slice(2)], {
      env: { ...process.env, CLASSIFY_AB_ORDER: order },
      stderr: 'inherit',
    })
    if (child.exitCode !== 0) throw new Error(`the ${order} run failed`)
    return { order, ...(JSON.parse(child.stdout.toString().trim().split('\n').at(-1)!) as Measure) }
  })
  const us = (ns: number) => (ns / 1e3 / count).toFixed(1)
  console.log(`${count} torrents, chunks of ${CHUNK} in turn, CPU time; other: ${commit}`)
  for (const run of runs)
    console.log(
      `  ${run.order.padEnd(11)} this ${us(run.thisNs)} us each, other ${us(run.otherNs)} us each: ${(run.thisNs / run.otherNs).toFixed(3)} (median per chunk ${run.medianRatio.toFixed(3)})`,
    )
  const mean = Math.sqrt(runs.reduce((product, run) => product * (run.thisNs / run.otherNs), 1))
  console.log(`this / other: ${mean.toFixed(3)} (both load orders)`)
}

async function measure(otherFirst: boolean): Promise<Measure> {
  const dir = mkdtempSync(join(tmpdir(), 'classify-ab-'))
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
  const copy = (side: string) => {
    const target = join(dir, side)
    if (side === 'this' || isSame) cpSync(join(root, 'src'), join(target, 'src'), { recursive: true })
    else {
      const archive = Bun.spawnSync(['git', 'archive', commit, 'src'], { cwd: root })
      if (archive.exitCode !== 0) throw new Error(`git archive ${commit}: ${archive.stderr.toString()}`)
      Bun.spawnSync(['mkdir', '-p', target])
      Bun.spawnSync(['tar', '-x', '-C', target], { stdin: archive.stdout })
    }
    symlinkSync(join(root, 'node_modules'), join(target, 'node_modules'))
    return target
  }
  const load = async (side: string) =>
    ((await import(join(copy(side), 'src/classify/index.ts'))) as { loadClassifier: () => Classifier }).loadClassifier()
  const classifiers: Record<'this' | 'other', Classifier> = otherFirst
    ? await load('other').then(async (other) => ({ other, this: await load('this') }))
    : await load('this').then(async (mine) => ({ this: mine, other: await load('other') }))

  const random = createRandom(11)
  const inputs: ClassifierInput[] = Array.from({ length: count }, (_, i) => {
    const metainfo = parseInfoDict(syntheticInfoDict(syntheticTorrent(random, i), 'one'))
    return { name: metainfo.name, sizeBytes: metainfo.sizeBytes, files: metainfo.files, tags: [] }
  })
  const time = (classifier: Classifier, chunk: ClassifierInput[]): number => {
    const start = process.cpuUsage()
    for (const input of chunk) classifier.classify(input)
    const used = process.cpuUsage(start)
    return (used.user + used.system) * 1000
  }
  // Warm both JITs first.
  for (let i = 0; i < 3; i++) for (const classifier of Object.values(classifiers)) time(classifier, inputs.slice(0, 10_000))

  const totals = { this: 0, other: 0 }
  const ratios: number[] = []
  for (let start = 0, turn = 0; start < count; start += CHUNK, turn++) {
    const chunk = inputs.slice(start, start + CHUNK)
    const order = turn % 2 === 0 ? (['this', 'other'] as const) : (['other', 'this'] as const)
    const ns = { this: Number.POSITIVE_INFINITY, other: Number.POSITIVE_INFINITY }
    for (let repeat = 0; repeat < REPEATS; repeat++) for (const side of order) ns[side] = Math.min(ns[side], time(classifiers[side], chunk))
    totals.this += ns.this
    totals.other += ns.other
    ratios.push(ns.this / ns.other)
  }
  ratios.sort((a, b) => a - b)
  return { thisNs: totals.this, otherNs: totals.other, medianRatio: ratios[Math.floor(ratios.length / 2)]! }
}
