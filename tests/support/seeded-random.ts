/** mulberry32: a small, fast generator that gives the same sequence for a seed on every machine. */
export function createRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)]!
  // Zipf-ish: low indexes far more often, as real title vocabularies are.
  const zipf = <T>(list: T[]): T => list[Math.floor(list.length * next() ** 2.2)]!
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return { next, pick, zipf, int }
}

export type Random = ReturnType<typeof createRandom>
