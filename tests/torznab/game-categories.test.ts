/**
 * Games in Torznab (issue 35 point 4): a PC game is PC/Games (4050) with its parent 4000, a
 * console game a child of Console (1000) for its platform; caps advertise them with the standard
 * Newznab names, and a parent still finds its children.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { TORZNAB_CATEGORIES } from '../../src/vocabulary'
import { createTorznabService } from '../../src/torznab/service'
import { describeOnEngines } from '../support/engines'
import { hashOf, type ImportRecord, openSearchIndex, type SearchIndex } from '../support/search-index'
import { parseXml } from '../support/torznab-client'

const NOW = 1_790_000_000
const MB = 1_000_000

/** Made-up releases, each with the files the crawler would see. */
const RELEASES: (ImportRecord & { expected: number[] })[] = [
  {
    infoHash: hashOf(1),
    name: 'Castle.Of.Foxes.Deluxe.Edition-CODEX',
    files: [
      { path: 'setup.exe', size: 5 * MB },
      { path: 'data1.bin', size: 4000 * MB },
    ],
    expected: [4000, 4050],
  },
  {
    infoHash: hashOf(2),
    name: 'Harbour Tycoon 2 [FitGirl Repack]',
    files: [
      { path: 'setup.exe', size: 6 * MB },
      { path: 'fg-01.bin', size: 3000 * MB },
    ],
    expected: [4000, 4050],
  },
  {
    infoHash: hashOf(3),
    name: 'Moss.Runner.NSW-GRP',
    files: [{ path: 'moss.runner.nsp', size: 2000 * MB }],
    expected: [1000, 1090],
  },
  {
    infoHash: hashOf(4),
    name: 'Moss.Runner.PS4-GRP',
    files: [{ path: 'moss-runner.iso', size: 9000 * MB }],
    expected: [1000, 1180],
  },
  {
    infoHash: hashOf(5),
    name: 'Moss Runner (Europe)',
    files: [{ path: 'Moss Runner (Europe).wbfs', size: 4000 * MB }],
    expected: [1000, 1030],
  },
  {
    infoHash: hashOf(6),
    name: 'Moss.Runner.XBOX360-GRP',
    files: [{ path: 'moss-runner.iso', size: 7000 * MB }],
    expected: [1000, 1050],
  },
  {
    infoHash: hashOf(7),
    name: 'Paintbox.Studio.v5.2.Windows.x64',
    files: [{ path: 'Paintbox.Studio.Setup.exe', size: 300 * MB }],
    expected: [4000],
  },
  {
    infoHash: hashOf(8),
    name: 'Castle.Of.Foxes.2021.1080p.BluRay.x264-GRP',
    files: [{ path: 'Castle.Of.Foxes.2021.1080p.BluRay.x264-GRP.mkv', size: 8000 * MB }],
    expected: [2000, 2040],
  },
]

const namesWith = (test: (categories: number[]) => boolean) =>
  RELEASES.filter((release) => test(release.expected)).map((release) => release.name)

/** The Newznab standard names (Prowlarr's NewznabStandardCategory) of the ids we declare beyond the base table. */
const STANDARD_NAMES: Record<number, string> = {
  1000: 'Console',
  1010: 'Console/NDS',
  1020: 'Console/PSP',
  1030: 'Console/Wii',
  1040: 'Console/XBox',
  1050: 'Console/XBox 360',
  1080: 'Console/PS3',
  1090: 'Console/Other',
  1110: 'Console/3DS',
  1120: 'Console/PS Vita',
  1130: 'Console/WiiU',
  1140: 'Console/XBox One',
  1180: 'Console/PS4',
  4000: 'PC',
  4050: 'PC/Games',
}

describeOnEngines('game categories in Torznab', (engine) => {
  let index: SearchIndex
  let torznab: ReturnType<typeof createTorznabService>
  beforeAll(async () => {
    index = await openSearchIndex(
      RELEASES.map(({ expected: _, ...release }, i) => ({ ...release, publishedAt: NOW - i * 60, size: undefined })),
      { nowMs: () => NOW * 1000 },
      engine,
    )
    torznab = createTorznabService({ search: index.search, version: 'test', baseUrl: '', nowMs: () => NOW * 1000 })
  })

  /** Each item's title and its category attributes, as Prowlarr reads them. */
  async function feed(query: string): Promise<{ title: string; categories: number[] }[]> {
    const { body } = await torznab.answer(new URLSearchParams(query))
    const items: Record<string, any>[] = parseXml(body as string).rss.channel.item ?? []
    return items.map((item) => ({
      title: String(item.title),
      categories: (item['torznab:attr'] as { name: string; value: string }[])
        .filter((attr) => attr.name === 'category')
        .map((attr) => Number(attr.value)),
    }))
  }
  const titlesOf = async (query: string) => (await feed(query)).map((item) => item.title)

  describe('game categories', () => {
    test('each release carries its category and the parent', async () => {
      const categories = new Map((await feed('t=search&limit=100')).map((item) => [item.title, item.categories]))
      for (const release of RELEASES)
        expect({ name: release.name, categories: categories.get(release.name) }).toEqual({
          name: release.name,
          categories: release.expected,
        })
    })

    test('cat=4050 finds the PC games only; cat=4000 finds them beside the software', async () => {
      expect(await titlesOf('t=search&cat=4050')).toEqual(namesWith((categories) => categories.includes(4050)))
      expect(await titlesOf('t=search&cat=4050')).toHaveLength(2)
      expect(await titlesOf('t=search&cat=4000')).toEqual(namesWith((categories) => categories.includes(4000)))
      expect(await titlesOf('t=search&cat=4000')).toHaveLength(3)
    })

    test('cat=1000 finds every console game, a platform id only its own', async () => {
      expect(await titlesOf('t=search&cat=1000')).toEqual(namesWith((categories) => categories.includes(1000)))
      expect(await titlesOf('t=search&cat=1180')).toEqual(['Moss.Runner.PS4-GRP'])
      expect(await titlesOf('t=search&cat=1030,1050')).toEqual(['Moss Runner (Europe)', 'Moss.Runner.XBOX360-GRP'])
      expect(await titlesOf('t=search&cat=1140')).toEqual([])
    })

    test('text searches honour the game categories too', async () => {
      expect(await titlesOf('t=search&q=castle+foxes&cat=4050')).toEqual(['Castle.Of.Foxes.Deluxe.Edition-CODEX'])
      expect(await titlesOf('t=search&q=moss+runner&cat=4000')).toEqual([])
    })

    test("the search's game filter is the same set as the categories", async () => {
      const games = await index.search.search({
        text: null,
        categories: null,
        contentTypes: ['game'],
        limit: 50,
        offset: 0,
        countTotal: true,
      })
      expect(games.items.map((item) => item.name)).toEqual(
        namesWith((categories) => categories.includes(1000) || categories.includes(4050)),
      )
      expect({ total: games.total, estimate: games.totalIsEstimate }).toEqual({ total: 6, estimate: false })
    })
  })

  describe('caps', () => {
    const listed = new Map<number, string>()
    beforeAll(async () => {
      const caps = parseXml((await torznab.answer(new URLSearchParams('t=caps'))).body as string).caps
      for (const category of caps.categories.category) {
        listed.set(Number(category.id), category.name)
        for (const sub of category.subcat ?? []) listed.set(Number(sub.id), `${category.name}/${sub.name}`)
      }
    })

    test('advertise PC/Games and the console platforms under their parents, named as Prowlarr names them (R17)', () => {
      for (const [id, name] of Object.entries(STANDARD_NAMES)) expect({ id, name: listed.get(Number(id)) }).toEqual({ id, name })
    })

    test('list every category the classifier can give, and nothing else', () => {
      const declared = TORZNAB_CATEGORIES.flatMap((category) => [category.id, ...category.subcategories.map((sub) => sub.id)])
      expect([...listed.keys()].sort()).toEqual(declared.sort())
      for (const release of RELEASES) for (const id of release.expected) expect(listed.has(id)).toBe(true)
    })
  })
})
