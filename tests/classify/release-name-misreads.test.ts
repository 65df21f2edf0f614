/**
 * The classes of names the layer over the base parser misread (issue 35), each with made-up
 * names: none is taken from a corpus, so the corpora stay a fair measure.
 */
import { describe, expect, test } from 'bun:test'
import { describeReleaseName, loadClassifier } from '../../src/classify'
import { cleanReleaseName } from '../../src/classify/release-name/clean-name'
import { isObfuscated } from '../../src/classify/release-name/paths'

const classifier = loadClassifier()
const parse = (name: string) => describeReleaseName(classifier, name)

describe('a number opening the episode title is not the end of a range', () => {
  test.each([
    ['Harbour Lights - S03E05 - 42 Days.mkv', [3], [5]],
    ['Harbour Lights 4x07 - 100 Ways Home.avi', [4], [7]],
    ['Harbour Lights - 2x11 - 12 Angry Tenants.mkv', [2], [11]],
  ])('%s', (name, seasons, episodes) => {
    expect(parse(name)).toMatchObject({ seasons, episodes, content_type: 'tv_show' })
  })

  test.each([
    ['Harbour.Lights.S01E01-02.720p.HDTV.x264-GRP', [1, 2]],
    ['Harbour Lights S02E01 - E03 720p WEB', [1, 2, 3]],
    ['Harbour Lights 1x04-06 HDTV XviD', [4, 5, 6]],
  ])('a range written as one still is: %s', (name, episodes) => {
    expect(parse(name).episodes).toEqual(episodes)
  })
})

describe('multi-episode forms', () => {
  test.each([
    ['Harbour.Lights.1x01-x03.HDTV.XviD-GRP', [1], [1, 2, 3]],
    ['Harbour Lights [02x01-x02] The Pilot', [2], [1, 2]],
    ['Harbour.Lights.S01E01-E03.720p.WEB-GRP', [1], [1, 2, 3]],
    ['Harbour.Lights.S01E01E02.720p.WEB-GRP', [1], [1, 2]],
    ['Harbour.Lights.S04E07-E08-E09.1080p.WEB-GRP', [4], [7, 8, 9]],
  ])('%s', (name, seasons, episodes) => {
    expect(parse(name)).toMatchObject({ seasons, episodes })
  })
})

describe('episode and season numbers written other ways', () => {
  test('full-width digits are digits', () => {
    expect(parse('[Grupo] Kaze no Michi - １５８ [720p].mkv')).toMatchObject({ episodes: [158], title: 'Kaze no Michi' })
    expect(cleanReleaseName('Ｓｈｏｗ　０１')).toBe('Show 01')
  })

  test.each([
    ['[Grupo] Kaze no Michi 08 [ABCD1234].mkv', [8]],
    ['[Grupo] Kaze no Michi 12 [1080p][0A1B2C3D].mkv', [12]],
    ['[Grupo]_Kaze_no_Michi_-_05_[BEEF0123].mkv', [5]],
  ])('an anime absolute number after the title, before the hash tag: %s', (name, episodes) => {
    expect(parse(name)).toMatchObject({ seasons: [], episodes, content_type: 'tv_show' })
  })

  test.each([
    ['Casa de Papel Roja [HDTV][Cap.1901]', [19], [1]],
    ['Casa de Papel Roja - Temporada 2 [HDTV 720p][Cap.203][AC3 5.1 Castellano]', [2], [3]],
    ['Casa de Papel Roja [HDTV][Cap.101_103]', [1], [1, 2, 3]],
  ])('Spanish Cap.SEE: %s', (name, seasons, episodes) => {
    expect(parse(name)).toMatchObject({ seasons, episodes })
  })

  test.each([
    ['Het Huis aan Zee Se.3 afl.3', [3], [3]],
    ['Het.Huis.aan.Zee.Se.2.afl.14.720p.WEB', [2], [14]],
  ])('Dutch Se.N afl.N is a season and an episode, not Swedish: %s', (name, seasons, episodes) => {
    expect(parse(name)).toMatchObject({ seasons, episodes, languages: [] })
  })

  test.each([
    ['Harbour.Lights.S07D1.DVDRip.XviD-GRP', [7]],
    ['Harbour Lights S02 D3 NTSC DVD', [2]],
    ['Harbour.Lights.S03.Disc.2.PAL.DVD', [3]],
  ])('a season disc is the season: %s', (name, seasons) => {
    expect(parse(name)).toMatchObject({ seasons, episodes: [], content_type: 'tv_show' })
  })

  test.each([
    ['Harbour.Lights.416.HDTV.XviD-GRP', [4], [16]],
    ['harbour lights 416 hdtv xvid', [4], [16]],
    ['Harbour_Lights_1203_PDTV_XviD', [12], [3]],
    ['Harbour.Lights.2005.211.HDTV.XviD-GRP', [2], [11]],
  ])('a scene SEE number, dotted, spaced or after a year in the title: %s', (name, seasons, episodes) => {
    expect(parse(name)).toMatchObject({ seasons, episodes, content_type: 'tv_show' })
  })

  test('a fansub number stays absolute even with a TV word', () => {
    expect(parse('[Grupo] Kaze no Michi 1012 [HDTV 720p].mkv')).toMatchObject({ seasons: [], episodes: [1012] })
  })

  test.each([
    ['Harbour.Lights.Part.2.720p.WEB.x264-GRP', [2]],
    ['Harbour Lights Part Two HDTV XviD', [2]],
    ['Harbour.Lights.Pt.III.720p.HDTV', [3]],
  ])('a part of a series is its episode: %s', (name, episodes) => {
    expect(parse(name)).toMatchObject({ episodes, content_type: 'tv_show' })
  })

  test('a film in parts, with its year, keeps the part in its title', () => {
    expect(parse('Moonfall.Harbour.Part.2.2011.1080p.BluRay.x264-GRP')).toMatchObject({ episodes: [], content_type: 'movie' })
  })

  test.each([
    ['Late.Desk.221205.HDTV.x264-GRP', '2022-12-05'],
    ['Late Desk 091231 720p HDTV', '2009-12-31'],
  ])('a six-digit air date: %s', (name, airDate) => {
    expect(parse(name)).toMatchObject({ air_date: airDate, title: 'Late Desk', episodes: [], content_type: 'tv_show' })
  })

  test.each([['Late.Desk.220230.HDTV.x264-GRP'], ['Late.Desk.221305.HDTV.x264-GRP'], ['Late Desk 221205']])(
    'not one: a day that does not exist, a month past 12, no video release: %s',
    (name) => {
      expect(parse(name).air_date).toBeNull()
    },
  )

  test('an ordinal season (2nd Season) is that season, and the number after it its episode', () => {
    expect(parse('Kaze no Michi 2nd Season 24 (BD 1080p) [Grupo]')).toMatchObject({ seasons: [2], episodes: [24] })
  })
})

describe('an episode number the base parser missed leaves the title', () => {
  test.each([
    ['[Grupo] Kaze no Michi 1098 VOSTFR FHD.mp4', 'Kaze no Michi'],
    ['[Grupo]_Kaze_no_Michi_225_[0A1B2C3D].avi', 'Kaze no Michi'],
    ['[Grupo] Kaze no Michi - 01v2-04 [BD 1080p]', 'Kaze no Michi'],
    ['[Grupo] Kaze no Michi #03v2 - The Long Road [BD 720p] [0A1B2C3D].mkv', 'Kaze no Michi'],
    ['Harbour.Lights.Part.2.720p.WEB.x264-GRP', 'Harbour Lights'],
    ['Harbour Lights afl.18 De storm.mp4', 'Harbour Lights'],
  ])('%s', (name, title) => {
    expect(parse(name).title).toBe(title)
  })

  test('a number that is the whole title, or an earlier one, stays', () => {
    expect(parse('[Grupo] 91 Lanterns - 05 [720p]').title).toBe('91 Lanterns')
    expect(parse('[Grupo] Area 51 - 51 [720p]').title).toBe('Area 51')
  })
})

describe('an obfuscated file inside its release folder', () => {
  test('the folder names the episode', () => {
    expect(parse('Harbour.Lights.S01E02.720p.WEB-DL-GRP/3f9a8b7c6d5e4f3a2b1c0d9e.mkv')).toMatchObject({
      title: 'Harbour Lights',
      seasons: [1],
      episodes: [2],
      resolution: 'v720p',
      content_type: 'tv_show',
    })
  })

  test('and the film', () => {
    expect(parse('Moonfall.Harbour.2015.1080p.BluRay.x264-GRP/a1b2c3d4e5f6a7b8c9d0e1f2.mkv')).toMatchObject({
      title: 'Moonfall Harbour',
      year: 2015,
      content_type: 'movie',
    })
  })

  test.each([
    ['3f9a8b7c6d5e4f3a2b1c0d9e.mkv', true],
    ['a1b2c3d4-e5f6-a7b8-c9d0-e1f2a3b4c5d6.mp4', true],
    ['Moonfallharbour2015.mkv', false],
    ['moonfall.harbour.2015.mkv', false],
    ['0123456789.mkv', false],
  ])('%s is obfuscated: %p', (file, expected) => {
    expect(isObfuscated(file)).toBe(expected)
  })
})

describe('languages', () => {
  test.each([
    ['Pelicula Roja (2010) [BluRay 1080p][Cast-Cat]', ['es', 'ca']],
    ['Pelicula Roja 2010 1080p Catalán', ['ca']],
    ['Serie Roja [DUAL ESP/ENG] 720p', ['dual', 'en', 'es']],
    ['Moonfall.2012.Ukr.Eng.1080p.BluRay', ['en', 'uk']],
    ['Moonfall.2012.CZ.SK.1080p.BluRay', ['cs', 'sk']],
    ['Pelicula.Roja.2012.Lat.1080p.WEB-DL', ['es']],
    ['Moonfall.2012.Rumantsch.1080p.WEB', ['rm']],
    ['Moonfall.2012.German.DL.1080p.BluRay.x264-GRP', ['de', 'original']],
    ['Moonfall.2012.German.ML.1080p.BluRay.x264-GRP', ['de', 'original', 'en']],
  ])('%s', (name, languages) => {
    expect(parse(name).languages.sort()).toEqual(languages.sort())
  })

  test.each([
    ['Moonfall.2012.1080p.WEB-DL.Sub.FR', []],
    ['Moonfall.2012.1080p.WEB-DL.ESub-GRP', []],
    ['Moonfall.2012.Hindi.1080p.WEB-DL.ESubs', ['hi']],
    ['Moonfall.2012.FRENCH.1080p.WEB-DL.Subs.EN', ['fr']],
  ])('subtitles are not the audio: %s', (name, languages) => {
    expect(parse(name).languages).toEqual(languages)
  })

  test.each([
    ['Moonfall Harbour [www.sitio.es] 2012 1080p', 'Moonfall Harbour'],
    ['Moonfall Harbour 2012 [grupo.org.ru] 1080p', 'Moonfall Harbour'],
    ['www.sitio.com - Moonfall.Harbour.2012.720p', 'Moonfall Harbour'],
  ])('a web site in the name is neither a language nor the title: %s', (name, title) => {
    expect(parse(name)).toMatchObject({ languages: [], title, year: 2012 })
  })

  test('a language list in brackets is no web site', () => {
    expect(cleanReleaseName('Moonfall [Eng.Es]')).toBe('Moonfall [Eng.Es]')
    expect(cleanReleaseName('Moonfall [x264.AAC] [DD5.1]')).toBe('Moonfall [x264.AAC] [DD5.1]')
  })

  test('a group called SK is not Slovak, and a lower-case sk is a word', () => {
    expect(parse('Moonfall.2012.GERMAN.1080p.WEB-DL.x264-SK').languages).toEqual(['de'])
    expect(parse('Moonfall Harbour sk 2012 720p').languages).toEqual([])
  })
})

describe('films or episodes', () => {
  test.each([['Moonfall 2.22 1080p BluRay x264'], ['Moonfall Harbour 2.22 (2017) 720p WEB']])(
    'a decimal in a film title is no episode: %s',
    (name) => {
      expect(parse(name)).toMatchObject({ episodes: [], content_type: 'movie' })
      expect(parse(name).title).toEndWith('2.22')
    },
  )

  test.each([
    ['Star Harbour Trilogy 1-3 1080p BluRay x264'],
    ['Star Harbour Fan Collection 1-6 1080p'],
    ['Star Harbour Trilogy/Star Harbour 2.mkv'],
    ['Star Harbour Quadrilogy Part 1-4 720p BluRay'],
  ])('a set of films is films: %s', (name) => {
    expect(parse(name)).toMatchObject({ episodes: [], content_type: 'movie' })
  })

  test.each([['Moonfall Harbour (2007)/Moonfall Harbour.mkv'], ['/films/Moonfall Harbour (2007)/moonfall-720p.mkv']])(
    'one video in a folder with a year is a film: %s',
    (name) => {
      expect(parse(name).content_type).toBe('movie')
    },
  )

  test.each([
    ['9 Lanterns.mkv'],
    ['/films/12 Angry Tenants/12 Angry Tenants.avi'],
    ['Moonfall Harbour (premiere 2018)(2016/1080p/DUAL/bluray)'],
  ])('a number opening the title, or a second year, is no episode: %s', (name) => {
    expect(parse(name)).toMatchObject({ episodes: [], content_type: 'movie' })
  })

  test.each([
    ['02 The Invitation.mp4', [2]],
    ['/tv/Harbour Lights/05 The Storm.mkv', [5]],
  ])('a zero-padded number still numbers a file: %s', (name, episodes) => {
    expect(parse(name).episodes).toEqual(episodes)
  })

  test("a film's part is no episode when the name says film", () => {
    expect(parse('[Grupo] Kaze no Michi Movie Part 1 [BD][720p][0A1B2C3D].mkv')).toMatchObject({ episodes: [], content_type: 'movie' })
  })

  test('a title with a year then a scene number is a series', () => {
    expect(parse('Harbour.Lights.2005.211.HDTV.XviD').content_type).toBe('tv_show')
  })
})
