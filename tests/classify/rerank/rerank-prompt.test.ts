import { describe, expect, test } from 'bun:test'
import { buildRerankMessages, readRerankAnswer } from '../../../src/classify/rerank/rerank-prompt'

describe('readRerankAnswer', () => {
  test.each([
    ['tv_show', 'tv_show'],
    ['  Movie.\n', 'movie'],
    ['"software"', 'software'],
    ['**game**', 'game'],
    ['It is a TV show.', 'tv_show'],
    ['The content type is: ebook', 'ebook'],
  ])('reads %j as %s', (reply, expected) => {
    expect(readRerankAnswer(reply)).toBe(expected as never)
  })

  test.each([[''], ['I am not sure'], ['movie or tv_show'], ['moviestar'], ['television']])('reads %j as no answer', (reply) => {
    expect(readRerankAnswer(reply)).toBeNull()
  })
})

describe('buildRerankMessages', () => {
  test("lists the name, the largest files first and the rules' guess", () => {
    const files = [
      { index: 0, path: 'x/readme.nfo', sizeBytes: 2_000, extension: 'nfo', fileType: 'document' as const },
      { index: 1, path: 'x/main.iso', sizeBytes: 4_000_000_000, extension: 'iso', fileType: 'archive' as const },
    ]
    const [system, user] = buildRerankMessages({
      name: 'x',
      sizeBytes: 4_000_002_000,
      files,
      ruleContentType: 'other',
      ruleConfidence: 0.2,
    })
    expect(system!.content).toContain('tv_show')
    expect(user!.content).toContain('Torrent name: x')
    expect(user!.content.indexOf('main.iso (4.0 GB)')).toBeLessThan(user!.content.indexOf('readme.nfo'))
    expect(user!.content).toContain('guessed other with confidence 0.20')
  })
})
