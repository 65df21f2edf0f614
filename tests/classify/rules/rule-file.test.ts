import { describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadClassifier, RuleFileError } from '../../../src/classify'
import { extensionOf, fileTypeOf } from '../../../src/metainfo'
import { startService } from '../../support/processes'
import { makeTempDir } from '../../support/temp-dir'

const dir = makeTempDir()
let counter = 0
function rulesFile(yaml: string): string {
  const path = join(dir, `rules-${++counter}.yml`)
  writeFileSync(path, yaml)
  return path
}

function loadError(yaml: string): string {
  try {
    loadClassifier({ rulesPath: rulesFile(yaml) })
  } catch (err) {
    expect(err).toBeInstanceOf(RuleFileError)
    return (err as Error).message
  }
  throw new Error('the rules loaded')
}

const classifyName = (classifier: ReturnType<typeof loadClassifier>, name: string) => {
  const outcome = classifier.classify({ name, sizeBytes: 0, files: null, tags: [] })
  if (outcome.deletedBy !== null) throw new Error('deleted')
  return outcome.classification
}

describe("an operator's rules file", () => {
  test('adds rules, appends keywords, and overrides or disables default rules by id', () => {
    const classifier = loadClassifier({
      rulesPath: rulesFile(`
keywords:
  sport: [curling]
rules:
  - id: tag-my-group
    priority: 195
    when: release.releaseGroup == "FLUX"
    then: {add_tags: [my-group]}
  - id: tag-hdr
    enabled: false
  - id: tv-episodes
    then: {set_content_type: tv_show, set_confidence: 0.95, stop: true}
`),
    })
    const dune = classifyName(classifier, 'Dune.Part.Two.2024.2160p.WEB-DL.DV.HDR10.DDP5.1.Atmos.H.265-FLUX')
    expect(dune.tags).toContain('my-group')
    expect(dune.tags).not.toContain('hdr')
    expect(dune.tags).toContain('dolby-vision')
    const show = classifyName(classifier, 'Curling.World.Cup.S01E02.720p.HDTV.x264-GRP')
    expect(show).toMatchObject({ contentType: 'tv_show', confidence: 0.95 })
    expect(show.tags).toContain('sport')
    expect(show.categories).toEqual([5000, 5040, 5060])
  })

  test('evaluates rules by priority, then id, and records each that fired', () => {
    const classifier = loadClassifier({
      rulesPath: rulesFile(`
rules:
  - {id: b-second, priority: 1, when: 'true', then: {add_tags: [b]}}
  - {id: a-first, priority: 1, when: 'true', then: {add_tags: [a]}}
  - {id: c-last, priority: 2, when: '"a" in result.tags', then: {set_content_type: game, stop: true}}
`),
    })
    const result = classifyName(classifier, 'anything')
    expect(result.firedRules.slice(0, 3)).toEqual(['a-first', 'b-second', 'c-last'])
    expect(result.contentType).toBe('game')
  })

  test('a rule reading the largest file works when the file list is empty: the name stands for it', () => {
    const classifier = loadClassifier({
      rulesPath: rulesFile(
        `rules: [{id: big-name, priority: 1, when: 'torrent.largestFile.name == torrent.name && torrent.largestFileShare == 1.0', then: {add_tags: [named]}}]`,
      ),
    })
    const outcome = classifier.classify({ name: 'Lonely.Name.mkv', sizeBytes: 0, files: [], tags: [] })
    expect(outcome.deletedBy).toBeNull()
    if (outcome.deletedBy === null) expect(outcome.classification.tags).toContain('named')
  })

  test('a rule can walk the file list by name, extension and size (made only when a rule reads it)', () => {
    const classifier = loadClassifier({
      rulesPath: rulesFile(
        `rules: [{id: has-subs, priority: 1, when: 'torrent.files.exists(f, f.name == "en.srt" && f.extension == "srt" && f.size < 1.0 * mb)', then: {add_tags: [subs]}}]`,
      ),
    })
    const file = (index: number, path: string, sizeBytes: number) => ({
      index,
      path,
      sizeBytes,
      extension: extensionOf(path),
      fileType: fileTypeOf(extensionOf(path)),
    })
    const tagsOf = (files: ReturnType<typeof file>[]) => {
      const outcome = classifier.classify({ name: 'Film.2020.1080p', sizeBytes: 0, files, tags: [] })
      return outcome.deletedBy === null ? outcome.classification.tags : []
    }
    expect(tagsOf([file(0, 'Film.mkv', 4e9), file(1, 'Subs/en.srt', 50_000)])).toContain('subs')
    expect(tagsOf([file(0, 'Film.mkv', 4e9), file(1, 'Subs/fr.srt', 50_000)])).not.toContain('subs')
  })

  test('a rule can read the distinct extensions, in file order (listed only when a rule reads them)', () => {
    const classifier = loadClassifier({
      rulesPath: rulesFile(
        `rules: [{id: exts, priority: 1, when: 'torrent.extensions == ["mkv", "srt", "nfo"] && size(torrent.extensions) == 3', then: {add_tags: [listed]}}]`,
      ),
    })
    const file = (index: number, path: string) => ({
      index,
      path,
      sizeBytes: 10,
      extension: extensionOf(path),
      fileType: fileTypeOf(extensionOf(path)),
    })
    const files = [file(0, 'a.mkv'), file(1, 'a.srt'), file(2, 'b.mkv'), file(3, 'README'), file(4, 'a.nfo'), file(5, 'b.srt')]
    const outcome = classifier.classify({ name: 'Film.2020.1080p', sizeBytes: 0, files, tags: [] })
    expect(outcome.deletedBy === null && outcome.classification.tags).toContain('listed')
  })

  test.each([
    ['a CEL syntax error', `rules: [{id: broken, priority: 1, when: 'torrent.name ==', then: {stop: true}}]`, 'rule broken'],
    ['a type error', `rules: [{id: typed, priority: 1, when: 'torrent.size + "x"', then: {stop: true}}]`, 'rule typed'],
    ['a non-bool condition', `rules: [{id: sized, priority: 1, when: 'torrent.size', then: {stop: true}}]`, '"when" must be a bool'],
    ['an unknown variable', `rules: [{id: unknown, priority: 1, when: 'nope.x == 1', then: {stop: true}}]`, 'rule unknown'],
    [
      'an unknown keyword group',
      `rules: [{id: kw, priority: 1, when: 'torrent.name.hasKeyword("nope")', then: {stop: true}}]`,
      'no keyword group named nope',
    ],
    [
      'an unknown extension group',
      `rules: [{id: ext, priority: 1, when: 'shares.nope > 0.5', then: {stop: true}}]`,
      'no extension group named nope',
    ],
    ['an unknown action', `rules: [{id: act, priority: 1, when: 'true', then: {explode: true}}]`, 'unknown action explode'],
    [
      'an unknown content type',
      `rules: [{id: ct, priority: 1, when: 'true', then: {set_content_type: film}}]`,
      'set_content_type must be one of',
    ],
    ['a non-standard category', `rules: [{id: cat, priority: 1, when: 'true', then: {add_categories: [9999]}}]`, 'not a Torznab category'],
    ['a bad tag', `rules: [{id: tag, priority: 1, when: 'true', then: {add_tags: [Bad Tag]}}]`, 'lowercase words'],
    // The tags table takes at most 64 characters: a longer tag would fail every write it reached.
    ['a tag too long to store', `rules: [{id: tag, priority: 1, when: 'true', then: {add_tags: [${'a'.repeat(65)}]}}]`, 'at most 64'],
    ['a missing priority', `rules: [{id: nopri, when: 'true', then: {stop: true}}]`, '"priority" must be a whole number'],
    [
      'a duplicate id',
      `rules: [{id: twice, priority: 1, when: 'true', then: {}}, {id: twice, priority: 2, when: 'true', then: {}}]`,
      'defined twice',
    ],
    ['bad YAML', 'rules: [unclosed', 'rules-'],
  ])('stops on %s, naming the file and the rule', (_, yaml, expected) => {
    const message = loadError(yaml)
    expect(message).toContain(dir)
    expect(message).toContain(expected)
  })

  test('the service refuses to start with invalid rules and says why', async () => {
    const path = rulesFile(`rules: [{id: broken, priority: 1, when: 'torrent.name ==', then: {stop: true}}]`)
    const failure = await startService({ DATA_DIR: makeTempDir(), CLASSIFIER_RULES_PATH: path }).then(
      () => 'started',
      (err: Error) => err.message,
    )
    expect(failure).toContain('exited with 1')
    expect(failure).toContain('classification rules are invalid')
    expect(failure).toContain('rule broken')
  })
})
