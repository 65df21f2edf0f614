/**
 * The keyword mini-language of the rules file (bitmagnet's, so its users' lists carry over).
 * A keyword must stand as a whole token: letters or digits may not touch it on either side.
 * Inside a keyword, letters match either case, and:
 *   `*` any run of letters/digits   `?` the previous character or group is optional
 *   `+` one or more of the previous  `#` one digit
 *   ` ` one or more non-word characters (so `child porn` also matches `child.porn`);
 *       ` ?` none or more (`child ?porn` also matches `childporn`)
 *   `( | )` groups and alternatives  `\X` the character X itself
 * Any other punctuation matches itself.
 */
import { RuleFileError } from '../errors'
import { GramSet, gramsOf } from './gram-filter'

const WORD = '\\p{L}\\p{N}'
const SYNTAX: Record<string, string> = {
  '*': `[${WORD}]*`,
  '#': '\\p{N}',
  ' ': `[^${WORD}]+`,
  '?': '?',
  '+': '+',
  '(': '(?:',
  ')': ')',
  '|': '|',
}

export interface KeywordMatcher {
  test(text: string): boolean
  /** The first keyword found in `text`, as it is written there, or null: what an explanation quotes. */
  find(text: string): string | null
}

/**
 * One matcher per keyword group. The full pattern (Unicode classes around every alternative) is
 * slow, and almost no torrent matches a keyword; so a keyword with a plain run of two or more
 * letters or digits it cannot match without meets the text only when that run might be there.
 * A name is screened by its gram set, shared by every group; a long text (all of a torrent's
 * paths, tested for one group) is not screened, as no screen found cheaper. Keywords without such a
 * run (`(#|10|11) ?y ?o` needs only a `y`, in a third of all names) keep a pattern of their own,
 * so they do not open the screen for the rest of the group. Either part matching is the whole
 * group matching: the keywords are alternatives between the same token boundaries.
 */
export function compileKeywordGroup(group: string, keywords: string[]): KeywordMatcher {
  const screened = keywords.filter((keyword) => (requiredLiteral(keyword)?.length ?? 0) >= 2)
  const unscreened = keywords.filter((keyword) => !screened.includes(keyword))
  const screenedPart = screened.length > 0 ? screenedMatcher(group, screened) : null
  const unscreenedPart = unscreened.length > 0 ? compileKeywordPattern(group, unscreened) : null
  // Run once per torrent at most (for the rule that decided), so no screen is worth it here.
  const whole = compileKeywordPattern(group, keywords)
  return {
    test: (text) => screenedPart?.test(text) === true || unscreenedPart?.test(text) === true,
    find(text) {
      const match = whole.exec(text)
      return match ? match[0].replace(LEADING_OR_TRAILING_NON_WORD, '') : null
    },
  }
}

/** The token boundary a keyword pattern matches on either side of the keyword itself. */
const LEADING_OR_TRAILING_NON_WORD = new RegExp(`^[^${WORD}]|[^${WORD}]$`, 'gu')

function screenedMatcher(group: string, keywords: string[]): Pick<KeywordMatcher, 'test'> {
  const full = compileKeywordPattern(group, keywords)
  const grams = [...new Set(keywords.map((keyword) => requiredLiteral(keyword)!))].map(gramsOf)
  return {
    test(text) {
      // A long text goes straight to the pattern: over all of a torrent's paths a prefilter of the
      // literals cost more than the whole pattern it saved (1.2 vs 0.9 us, bench/classify.ts).
      if (text.length > SHORT_TEXT) return full.test(text)
      shortText.load(text)
      for (const literal of grams) if (shortText.mightHold(literal)) return full.test(text)
      return false
    },
  }
}

/** Names are shorter; a gram set costs a pass over the text, which pays for itself only when shared. */
const SHORT_TEXT = 160

/** The grams of the short text tested last: the rules test one name against group after group. */
const shortText = new GramSet()

/** The whole group as one pattern: any keyword, standing as a whole token. */
export function compileKeywordPattern(group: string, keywords: string[]): RegExp {
  const alternatives = keywords.map((keyword) => compileKeyword(group, keyword))
  const source = `(?:^|[^${WORD}])(?:${alternatives.join('|')})(?:$|[^${WORD}])`
  try {
    return new RegExp(source, 'iu')
  } catch (err) {
    throw new RuleFileError(`keyword group ${group} does not compile: ${(err as Error).message}`, { cause: err })
  }
}

/**
 * The longest run of plain ASCII letters and digits that every match of the keyword contains,
 * or null. Runs stop at any syntax character; a character made optional by `?` and everything
 * inside a group (its alternatives) are not required.
 */
export function requiredLiteral(keyword: string): string | null {
  let best = ''
  let run = ''
  let depth = 0
  const endRun = () => {
    if (run.length > best.length) best = run
    run = ''
  }
  for (let i = 0; i < keyword.length; i++) {
    const char = keyword[i]!
    if (char === '(') depth++
    if (char === ')') depth--
    if (depth > 0 || !/[A-Za-z0-9]/.test(char)) {
      endRun()
      if (char === '\\') i++
      continue
    }
    if (keyword[i + 1] === '?') {
      endRun()
      continue
    }
    run += char.toLowerCase()
  }
  endRun()
  return best.length > 0 ? best : null
}

function compileKeyword(group: string, keyword: string): string {
  if (!keyword.trim()) throw new RuleFileError(`keyword group ${group} has an empty keyword`)
  let out = ''
  for (let i = 0; i < keyword.length; i++) {
    const char = keyword[i]!
    if (char === '\\') {
      const literal = keyword[++i]
      if (literal === undefined) throw new RuleFileError(`keyword "${keyword}" in group ${group} ends with a lone \\`)
      out += escapeRegExp(literal)
    } else if (char === ' ' && keyword[i + 1] === '?') {
      // An optional separator: `child ?porn` is also `childporn`. (` ` then `?` would otherwise
      // read as the lazy `+?`, which still needs one separator.)
      out += `[^${WORD}]*`
      i++
    } else if (SYNTAX[char] !== undefined) {
      out += SYNTAX[char]
    } else {
      out += /[\p{L}\p{N}]/u.test(char) ? char : escapeRegExp(char)
    }
  }
  return out
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')
}
