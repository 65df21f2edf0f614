/**
 * The keyword mini-language of the rules file (bitmagnet's, so its users' lists carry over).
 * A keyword must stand as a whole token: letters or digits may not touch it on either side.
 * Inside a keyword, letters match either case, and:
 *   `*` any run of letters/digits   `?` the previous character or group is optional
 *   `+` one or more of the previous  `#` one digit
 *   ` ` one or more non-word characters (so `child porn` also matches `child.porn`)
 *   `( | )` groups and alternatives  `\X` the character X itself
 * Any other punctuation matches itself.
 */
import { RuleFileError } from '../errors'

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

export function compileKeywordGroup(group: string, keywords: string[]): RegExp {
  const alternatives = keywords.map((keyword) => compileKeyword(group, keyword))
  const source = `(?:^|[^${WORD}])(?:${alternatives.join('|')})(?:$|[^${WORD}])`
  try {
    return new RegExp(source, 'iu')
  } catch (err) {
    throw new RuleFileError(`keyword group ${group} does not compile: ${(err as Error).message}`, { cause: err })
  }
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
