/**
 * The search document's literal (src/store/pg/search-document.ts): our tokenizer's tokens with
 * positions, the title after a gap, the facts namespaced and unpositioned, read by the server
 * exactly as built; a phrase never spans name and title, and a fact never answers a name's word.
 */
import { SQL } from 'bun'
import { afterAll, describe, expect, test } from 'bun:test'
import { parseReleaseName } from '../../../src/classify/release-name/parse-release-name'
import { searchDocumentOf } from '../../../src/store/pg/search-document'
import { pgSkipReason, pgTestCluster } from '../../support/pg-cluster'

const classification = (name: string, categories: number[], title: string | null = null) => {
  const parsed = parseReleaseName(name)
  return { categories, parsed: { ...parsed, title: title ?? parsed.title } }
}

test('name tokens at 1..n, the title after one empty position, facts with = and no position', () => {
  const document = searchDocumentOf(
    'The.Show.S01E03.The.Show.1080p',
    classification('The.Show.S01E03.The.Show.1080p', [5000, 5040], 'The Show'),
  )
  const lexemes = document.split(' ')
  expect(lexemes).toContain("'the':1,4,8")
  expect(lexemes).toContain("'show':2,5,9")
  expect(lexemes).toContain("'s01e03':3")
  expect(lexemes).toContain("'1080p':6")
  for (const fact of ["'=c5000'", "'=c5040'", "'=s1'", "'=e3'", "'=s1e3'"]) expect(lexemes).toContain(fact)
  expect(lexemes).not.toContain("'=s1pack'")
})

test('hostile names: quotes and backslashes only split tokens, an over-long token is left out but keeps its position', () => {
  const long = 'x'.repeat(3000)
  const document = searchDocumentOf(`it's a \\ name ${long} end`, classification('n', [], ''))
  expect(document).toBe("'it':1 's':2 'a':3 'name':4 'end':6")
  expect(searchDocumentOf('...', classification('...', []))).toBe('')
})

const skip = pgSkipReason()
describe.skipIf(skip !== null)(`the server reads the literal${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let sql: SQL | null = null
  afterAll(async () => sql?.close())

  test('as built, with phrases inside name or title only and facts apart from words', async () => {
    sql = new SQL((await pgTestCluster()).appUrl, { max: 1 })
    const document = searchDocumentOf('Grey’s.Anatomy.S02E05.84e9a4a1.½', classification('Grey’s.Anatomy.S02E05', [5030], 'Anatomy Grey'))
    const [row] = await sql`SELECT ${document}::tsvector::text AS stored,
        ${document}::tsvector @@ ${"'grey' <-> 's'"}::tsquery AS in_name,
        ${document}::tsvector @@ ${"'anatomy' <-> 'grey'"}::tsquery AS in_title,
        ${document}::tsvector @@ ${"'84e9a4a1' & 's02e05'"}::tsquery AS hex_whole,
        ${document}::tsvector @@ ${"'s02e05' <-> 'anatomy'"}::tsquery AS across,
        ${document}::tsvector @@ ${"'=s2e5' & '=c5030'"}::tsquery AS facts,
        ${document}::tsvector @@ ${"'s2'"}::tsquery AS fact_as_word`
    expect(row).toMatchObject({ in_name: true, in_title: true, hex_whole: true, across: false, facts: true, fact_as_word: false })
    expect(new Set(row.stored.split(' '))).toEqual(new Set(document.split(' ')))
  })
})
