/**
 * Which ASCII literals might occur in a short text, answered with a few bit tests. A text's
 * characters, pairs and triples (case-folded) are hashed into a bitset once; a literal might
 * occur only if all of its own are set. A hash collision can only let a literal through, never
 * turn one away, so a pass still goes to the real pattern and a fail is final.
 *
 * The rules test one torrent name against a dozen keyword groups; a regex scan per group cost
 * more than all other rule work (bench/classify.ts), where one pass over the name serves them all.
 */

/** 128 single characters, then 2^13 bits of hashed pairs and triples. */
const GRAM_BASE = 128
const GRAM_BITS = 8192

/**
 * Folds a UTF-16 unit as case-insensitive Unicode matching would onto the ASCII alphabet that
 * literals use: ASCII upper case, the long s (U+017F, folds to s) and the Kelvin sign (U+212A,
 * folds to k). Every other non-ASCII unit becomes 0, which no literal holds.
 */
function fold(code: number): number {
  if (code >= 65 && code <= 90) return code + 32
  if (code < 128) return code
  if (code === 0x17f) return 115
  if (code === 0x212a) return 107
  return 0
}

function pairBit(a: number, b: number): number {
  return GRAM_BASE + (Math.imul((1 << 16) | (a << 8) | b, 0x9e3779b1) >>> 19)
}

function tripleBit(a: number, b: number, c: number): number {
  return GRAM_BASE + (Math.imul((a << 16) | (b << 8) | c, 0x9e3779b1) >>> 19)
}

/**
 * The bits a literal (lowercase ASCII letters and digits) needs: its one character, its one
 * pair, or up to three of its triples (first, middle, last), which is enough to make a false
 * pass rare.
 */
export function gramsOf(literal: string): Int32Array {
  const codes = [...literal].map((char) => fold(char.charCodeAt(0)))
  if (codes.length === 1) return Int32Array.of(codes[0]!)
  if (codes.length === 2) return Int32Array.of(pairBit(codes[0]!, codes[1]!))
  const starts = [...new Set([0, Math.floor((codes.length - 3) / 2), codes.length - 3])]
  return Int32Array.from(starts, (i) => tripleBit(codes[i]!, codes[i + 1]!, codes[i + 2]!))
}

export class GramSet {
  readonly #bits = new Int32Array((GRAM_BASE + GRAM_BITS) / 32)
  #text: string | null = null

  /** Fills the set for `text`, unless it already holds it (the same name, group after group). */
  load(text: string): void {
    if (text === this.#text) return
    this.#text = text
    const bits = this.#bits
    bits.fill(0)
    let a = 0
    let b = 0
    for (let i = 0; i < text.length; i++) {
      const c = fold(text.charCodeAt(i))
      bits[c >>> 5]! |= 1 << (c & 31)
      if (i >= 1) {
        const pair = pairBit(b, c)
        bits[pair >>> 5]! |= 1 << (pair & 31)
      }
      if (i >= 2) {
        const triple = tripleBit(a, b, c)
        bits[triple >>> 5]! |= 1 << (triple & 31)
      }
      a = b
      b = c
    }
  }

  /** Whether the loaded text might hold a literal with these grams. */
  mightHold(grams: Int32Array): boolean {
    for (let i = 0; i < grams.length; i++) {
      const bit = grams[i]!
      if ((this.#bits[bit >>> 5]! & (1 << (bit & 31))) === 0) return false
    }
    return true
  }
}
