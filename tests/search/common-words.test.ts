import { describe, expect, test } from 'bun:test'
import { createCommonWords } from '../../src/search/common-words'
import { parseTextQuery } from '../../src/search/text-query'

const SHARES: Record<string, number> = { the: 0.15, to: 0.034, love: 0.026, a: 0.05, bemgraim: 0.0012, show: 0.009 }

function commonWordsOver(shares: Record<string, number>, clock = { now: 0 }) {
  const asked: string[] = []
  const words = createCommonWords(
    async (tokens) => {
      asked.push(...tokens)
      return new Map(tokens.map((token) => [token, shares[token] ?? 0]))
    },
    () => clock.now,
  )
  return { words, asked, clock }
}

const split = async (text: string, shares = SHARES) => {
  const result = await commonWordsOver(shares).words.split(parseTextQuery(text)!)
  return { selective: result.selective.uniqueTokens, commonWords: result.commonWords }
}

describe('common words', () => {
  test('words in at least 1 % of the newest torrents are checked on rows, the rest stays with the index', async () => {
    expect(await split('The To Bemgraim')).toEqual({ selective: ['bemgraim'], commonWords: ['the', 'to'] })
    // Just under the share: stays.
    expect(await split('show love')).toEqual({ selective: ['show'], commonWords: ['love'] })
    expect(await split('bemgraim show')).toEqual({ selective: ['bemgraim', 'show'], commonWords: [] })
  })

  test('when every term is common the rarest stays, since the index needs a term to walk', async () => {
    expect(await split('A The')).toEqual({ selective: ['a'], commonWords: ['the'] })
    expect(await split('the')).toEqual({ selective: ['the'], commonWords: [] })
  })

  test('phrases and prefixes stay with the index: a row check of one word cannot see adjacency or prefixes', async () => {
    expect(await split('"the to" bemgraim')).toEqual({ selective: ['the', 'to', 'bemgraim'], commonWords: [] })
    expect(await split('the* to')).toEqual({ selective: ['the'], commonWords: ['to'] })
  })

  test('shares are remembered, and read again after ten minutes', async () => {
    const { words, asked, clock } = commonWordsOver(SHARES)
    await words.split(parseTextQuery('the bemgraim')!)
    await words.split(parseTextQuery('the to')!)
    expect(asked).toEqual(['the', 'bemgraim', 'to'])
    clock.now += 10 * 60_000 + 1
    await words.split(parseTextQuery('the')!)
    expect(asked).toEqual(['the', 'bemgraim', 'to', 'the'])
  })
})
