import { describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runCli } from './support/processes'
import { makeTempDir } from './support/temp-dir'

describe('cli parse', () => {
  test('writes one JSON object per name with every documented field', async () => {
    const names = [
      'The.Walking.Dead.S05E03.720p.HDTV.x264-ASAP[ettv]',
      'Dune.Part.Two.2024.2160p.WEB-DL.DV.HDR10.DDP5.1.Atmos.H.265-FLUX',
      'the.daily.show.2024.03.14.1080p.WEB.h264-EDITH',
      '',
      'Film.2019.MULTi.TRUEFRENCH.1080p.BluRay.REMUX.AVC-GRP',
    ]
    const result = await runCli(['parse'], {}, names.join('\n'))
    expect(result.exitCode).toBe(0)
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(lines).toHaveLength(4)
    expect(lines[0]).toMatchObject({
      name: names[0],
      title: 'The Walking Dead',
      year: null,
      seasons: [5],
      episodes: [3],
      air_date: null,
      resolution: 'v720p',
      source: 'tv',
      modifiers: [],
      video_codec: 'x264',
      languages: [],
      release_group: 'ASAP',
      content_type: 'tv_show',
      xxx: false,
      categories: [5000, 5040],
    })
    expect(lines[1]).toMatchObject({
      title: 'Dune Part Two',
      year: 2024,
      resolution: 'v2160p',
      source: 'webdl',
      video_codec: 'h265',
      content_type: 'movie',
      categories: [2000, 2045],
      tags: ['hdr', 'dolby-vision'],
    })
    expect(lines[2]).toMatchObject({ air_date: '2024-03-14', content_type: 'tv_show' })
    expect(lines[3]).toMatchObject({ source: 'bluray', modifiers: ['remux'], languages: ['multi', 'fr'], categories: [2000, 2050] })
    for (const line of lines) {
      expect(Object.keys(line)).toEqual(
        expect.arrayContaining([
          'name',
          'title',
          'year',
          'seasons',
          'episodes',
          'air_date',
          'resolution',
          'source',
          'modifiers',
          'video_codec',
          'languages',
          'release_group',
          'content_type',
          'xxx',
        ]),
      )
    }
  })

  test('uses the operator rules file, and says so when it is broken', async () => {
    const path = join(makeTempDir(), 'rules.yml')
    writeFileSync(path, `rules: [{id: everything-is-a-game, priority: 1, when: 'true', then: {set_content_type: game, stop: true}}]`)
    const ok = await runCli(['parse'], { CLASSIFIER_RULES_PATH: path }, 'Some.Movie.2020.1080p.WEB-DL-GRP\n')
    expect(JSON.parse(ok.stdout)).toMatchObject({ content_type: 'game', fired_rules: ['everything-is-a-game'] })
    writeFileSync(path, 'rules: [{id: x, priority: 1, when: "(", then: {}}]')
    const broken = await runCli(['parse'], { CLASSIFIER_RULES_PATH: path }, 'x\n')
    expect(broken.exitCode).toBe(1)
    expect(broken.stderr).toContain('classification rules are invalid')
  })
})
