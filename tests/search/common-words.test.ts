import { describe, expect, test } from 'bun:test'
import { createCommonWords } from '../../src/search/common-words'
import { parseTextQuery } from '../../src/search/text-query'

const SHARES: Record<string, number> = { the: 0.15, to: 0.034, love: 0.026, a: 0.05, bemgraim: 0.0012, show: 0.009 }

function commonWordsOver(shares: Record<string, number>, clock = { now: 0 }) {
  const asked: string[] = []
  const words = createCommonWords(
    (token) => {
      asked.push(token)
      return shares[token] ?? 0
    },
    () => clock.now,
  )
  return { words, asked, clock }
}

const split = (text: string, shares = SHARES) => {
  const result = commonWordsOver(shares).words.split(parseTextQuery(text)!)
  return { selective: result.selective.uniqueTokens, commonWords: result.commonWords }
}

describe('common words', () => {
  test('words in at least 1 % of the newest torrents are checked on rows, the rest stays with the index', () => {
    expect(split('The To Bemgraim')).toEqual({ selective: ['bemgraim'], commonWords: ['the', 'to'] })
    // Just under the share: stays.
    expect(split('show love')).toEqual({ selective: ['show'], commonWords: ['love'] })
    expect(split('bemgraim show')).toEqual({ selective: ['bemgraim', 'show'], commonWords: [] })
  })

  test('when every term is common the rarest stays, since the index needs a term to walk', () => {
    expect(split('A The')).toEqual({ selective: ['a'], commonWords: ['the'] })
    expect(split('the')).toEqual({ selective: ['the'], commonWords: [] })
  })

  test('phrases and prefixes stay with the index: a row check of one word cannot see adjacency or prefixes', () => {
    expect(split('"the to" bemgraim')).toEqual({ selective: ['the', 'to', 'bemgraim'], commonWords: [] })
    expect(split('the* to')).toEqual({ selective: ['the'], commonWords: ['to'] })
  })

  test('shares are remembered, and read again after ten minutes', () => {
    const { words, asked, clock } = commonWordsOver(SHARES)
    words.split(parseTextQuery('the bemgraim')!)
    words.split(parseTextQuery('the to')!)
    expect(asked).toEqual(['the', 'bemgraim', 'to'])
    clock.now += 10 * 60_000 + 1
    words.split(parseTextQuery('the')!)
    expect(asked).toEqual(['the', 'bemgraim', 'to', 'the'])
  })
})
