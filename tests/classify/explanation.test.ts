/**
 * The explanation a classification keeps: the compact code list the classifier writes (what
 * decided, the facts the rule read), and the sentences it is read back as. Real rules (the
 * default file, and an operator's file over it), real .torrent fixtures.
 */
import { describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Classification, type ExplainedRow, type GroundTruthLabel, loadClassifier, renderExplanation } from '../../src/classify'
import { withContentType } from '../../src/classify/classifier'
import { parseTorrentFile, type TorrentFile } from '../../src/metainfo'
import { makeTempDir } from '../support/temp-dir'
import { readTorrentFixture, torrentFixtures } from '../support/torrent-fixtures'

const classifier = loadClassifier()

function classify(
  input: { name: string; sizeBytes: number; files: TorrentFile[] | null },
  label: GroundTruthLabel | null = null,
  rules = classifier,
) {
  const outcome = rules.classify({ ...input, tags: [] }, label)
  if (outcome.deletedBy !== null) throw new Error(`deleted by ${outcome.deletedBy}`)
  return outcome.classification
}

/** The stored row a classification becomes, as the core reads it back. */
const rowOf = (classification: Classification, input: { sizeBytes: number; files: TorrentFile[] | null }): ExplainedRow => ({
  ...classification,
  sizeBytes: input.sizeBytes,
  filesCount: input.files?.length ?? null,
})

function explain(
  input: { name: string; sizeBytes: number; files: TorrentFile[] | null },
  label: GroundTruthLabel | null = null,
  rules = classifier,
) {
  const classification = classify(input, label, rules)
  return { classification, ...renderExplanation(classification.explanation, rowOf(classification, input), rules.describeRule) }
}

const fixture = (file: string) => parseTorrentFile(readTorrentFixture(file))
const file = (path: string, sizeBytes: number, index = 0): TorrentFile => {
  const extension = path.split('.').pop()!.toLowerCase()
  const fileType = ({ mkv: 'video', flac: 'audio', epub: 'ebook', nfo: 'text' } as Record<string, string>)[extension] ?? 'unknown'
  return { index, path, sizeBytes, extension, fileType: fileType as TorrentFile['fileType'] }
}

describe('the code list', () => {
  test('names the deciding rule by its place among the fired rules and the facts it read, in a few dozen bytes', () => {
    const sintel = classify(fixture('sintel.torrent'))
    expect(sintel.firedRules).toEqual(['movie-with-year'])
    expect(sintel.explanation).toBe('@0 Y F svideo=100 sdisc_image=0 Z')
    const sizes = torrentFixtures.map(({ file: name }) => ({
      name,
      bytes: new TextEncoder().encode(classify(fixture(name)).explanation).length,
    }))
    expect(sizes.filter(({ bytes }) => bytes > 80)).toEqual([])
  })

  test('is "-" when no rule set a type', () => {
    expect(classify(fixture('bitcoin-bootstrap-dat.torrent')).explanation).toBe('-')
  })

  test('keeps free text (a keyword hit with a space, a list of values) each in one entry that reads back intact', () => {
    const dir = makeTempDir('explain-rules-')
    const rulesPath = join(dir, 'rules.yml')
    writeFileSync(
      rulesPath,
      [
        'keywords:',
        '  odd: ["two words"]',
        'rules:',
        '  - id: odd-words',
        '    priority: 205',
        '    when: torrent.name.hasKeyword("odd") && size(torrent.extensions) > 0',
        '    then: { set_content_type: other, stop: true }',
      ].join('\n'),
    )
    const rules = loadClassifier({ rulesPath })
    const input = { name: 'The two words = 100% sure', sizeBytes: 10, files: [file('a.nfo', 5), file('b.mkv', 5, 1)] }
    const { classification, decidedBy, steps } = explain(input, null, rules)
    expect(classification.explanation.split(' ')).toEqual(['@0', 'knodd=two%20words', '?torrent.extensions=nfo%2C%20mkv'])
    expect(decidedBy).toBe('odd-words')
    expect(steps[2]).toBe('It read: "two words" in the name (odd keywords); torrent.extensions = nfo, mkv.')
  })
})

describe('the sentences', () => {
  test('an episode: the parse, the rule with its description, and what it read', () => {
    const { decidedBy, steps } = explain(fixture('z-nation-s01e12.torrent'))
    expect(decidedBy).toBe('tv-episodes')
    expect(steps).toEqual([
      'The name parser read: title "Z Nation", season 1, episode 12, tv, x264, group LOL.',
      'Rule tv-episodes decided TV show at 85% confidence: seasons, episodes or an air date in the name, on video (or a name alone).',
      'It read: season 1; episode 12; no air date; a file list (4 files); video files 99% of the bytes; disc image files 0% of the bytes.',
    ])
  })

  test('an album and an adult release: the audio share; the keyword the name matched', () => {
    expect(explain(fixture('wired-cd.torrent')).steps[2]).toBe(
      'It read: audio files 99% of the bytes; a file list (18 files); no music keyword in the name; no resolution.',
    )
    expect(explain(fixture('xxx-jav-a.torrent')).steps[2]).toBe(
      'It read: "SIS001" in the name (xxx keywords); a file list (8 files); video files 99% of the bytes; image files 0% of the bytes.',
    )
  })

  test('a single video without a year: the largest file, its share and its size', () => {
    expect(explain(fixture('big-buck-bunny.torrent')).steps[2]).toBe(
      'It read: video files 100% of the bytes; the largest file is video; the largest file 100% of the bytes; the largest file 434.8 MB.',
    )
  })

  test('a name only (no file list) is said to be one', () => {
    const { steps } = explain({ name: 'Dune.Part.Two.2024.2160p.WEB-DL.DDP5.1.Atmos.DV.HDR.H.265-FLUX', sizeBytes: 20e9, files: null })
    expect(steps[1]).toStartWith('Rule movie-name-only decided Movie at 60% confidence')
    expect(steps[2]).toContain('no file list (only the name is known)')
  })

  test('a label: what the rules said, then the ground truth and its client; without a source it names no one', () => {
    const label: GroundTruthLabel = {
      contentType: 'music',
      title: null,
      year: null,
      seasons: [],
      episodes: [],
      imdb: null,
      tmdb: null,
      tvdb: null,
      tvmaze: null,
      source: { instance: 'lidarr-home', client: 'lidarr' },
    }
    const { classification, decidedBy, steps } = explain(fixture('sintel.torrent'), label)
    expect(classification.explanation).toEndWith(' glidarr-home/lidarr wmovie/85')
    expect(decidedBy).toBe('ground_truth')
    expect(steps[1]).toBe('Rule movie-with-year said Movie at 85% confidence.')
    expect(steps.at(-1)).toBe(
      'Ground truth: lidarr-home (Lidarr) reported importing it as Music, which wins over the rules (confidence 100%).',
    )
    const anonymous = explain(fixture('sintel.torrent'), { ...label, source: undefined })
    expect(anonymous.steps.at(-1)).toStartWith('Ground truth: an *arr client reported importing it as Music')
  })

  test("the model's answer: what the rules left, the model asked and what it answered", () => {
    const input = { name: 'Quiet Lake Diaries', sizeBytes: 9e9, files: null }
    const reranked = withContentType(classify(input), 'tv_show', 0.6, 'llm-rerank', 'llama3.2:3b q4')
    expect(reranked.explanation).toBe('- atv_show/llama3.2%3A3b%20q4 wother/20')
    const { decidedBy, steps } = renderExplanation(reranked.explanation, rowOf(reranked, input))
    expect(decidedBy).toBe('llm_rerank')
    expect(steps.slice(1)).toEqual([
      'No rule placed it, so the rules left it Other at 20% confidence.',
      'The rules were not sure, so the model llama3.2:3b q4 was asked; it answered TV show (confidence now 60%).',
    ])
  })

  test('a code list it cannot read in full still reads: unknown entries and a rule past the fired list', () => {
    const row = rowOf(classify(fixture('sintel.torrent')), fixture('sintel.torrent'))
    const { decidedBy, steps } = renderExplanation('@7 Y %zz Bogus k', row)
    expect(decidedBy).toBe('unknown')
    expect(steps[2]).toBe('It read: year 2010; %zz; Bogus; no  keyword in the name.')
  })
})
