import type { SQL } from 'bun'
import type { Classification, ClassifyOutcome, GroundTruthLabel } from '../../../classify'
import type { EvidenceTally } from '../../../evidence'
import type {
  BatchResult,
  CarriedFacts,
  ClassifiedItem,
  IngestItem,
  IngestStore,
  SwarmUpdate,
  WriteOutcome,
  WritePolicies,
} from '../../../ingest'
import { bytesToHex, hexToBytes, type TorrentFile } from '../../../metainfo'
import { OPERATOR_DELETE } from '../../../torrents'
import { int, intOrNull, pgCall } from '../pools'
import { type ClassificationWrite, deleteAndBlockByRule, storeClassifications } from './classification-writes'
import { hasAnyLabel, labelsOf } from './labels'
import { isMissingPartition, type SearchPartitions } from './search-partitions'
import { type SourceIds, torrentFilesOf } from './torrent-rows'

/** A batch that lost a race to another writer (a hash it found new was stored meanwhile) is written again, this many times at most. */
const ATTEMPTS = 3

/**
 * The ingest writer on PostgreSQL, set-based: a batch is read in one round of statements (what
 * the index holds of its hashes), decided in code item by item in order, exactly as the SQLite
 * writer decides row by row (outcomes, classification, rule deletes, carried facts, evidence
 * catch-up), then written with one `unnest` statement per table, all in one transaction. Several
 * processes may write at once: new rows go in with `ON CONFLICT (info_hash) DO NOTHING`, and a
 * batch that finds one of its new hashes stored meanwhile rolls back and is decided again.
 */
export function createPgIngestWriter(
  primary: SQL,
  policies: WritePolicies,
  deps: { partitions: SearchPartitions; sources: SourceIds },
): IngestStore {
  const { partitions, sources } = deps

  const writeBatch = async (items: readonly IngestItem[], nowSeconds: number): Promise<BatchResult> => {
    await partitions.ensureRoom(items.length)
    for (let attempt = 1; ; attempt++) {
      try {
        const { result, sourceIds, highestId } = await primary.begin((tx) => writeIn(tx, items, nowSeconds, policies, sources))
        // Only now: a source row inserted by a batch that rolled back is gone with it.
        sources.remember(sourceIds)
        partitions.saw(highestId)
        return result
      } catch (err) {
        if (attempt >= ATTEMPTS) throw err
        if (isMissingPartition(err)) await partitions.recheck(items.length)
        else if (!(err instanceof LostRace) && !isDeadlock(err)) throw err
      }
    }
  }

  const updateSwarms = async (updates: readonly SwarmUpdate[], nowSeconds: number): Promise<void> => {
    // A hash named twice takes its last counts, as one update after the other would.
    const last = new Map<string, SwarmUpdate>()
    for (const update of updates) last.set(update.infoHash, update)
    if (last.size === 0) return
    const rows = [...last.values()].sort((a, b) => a.infoHash.localeCompare(b.infoHash))
    // A check replaces what we knew: a swarm shrinks as well as grows, and unknown is unknown.
    await primary`UPDATE torrents t SET seeders = u.seeders, leechers = u.leechers, swarm_checked_at = ${nowSeconds}, updated_at = ${nowSeconds}
      FROM unnest(${rows.map((row) => hexToBytes(row.infoHash))}::bytea[], ${rows.map((row) => row.seeders)}::int4[],
        ${rows.map((row) => row.leechers)}::int4[]) AS u (info_hash, seeders, leechers)
      WHERE t.info_hash = u.info_hash`
  }

  return { writeBatch: pgCall(writeBatch), updateSwarms: pgCall(updateSwarms) }
}

/** What the index held of a hash when the batch began, and what the batch has done to it so far. */
interface HashState {
  infoHash: Uint8Array
  /** Null for a row this batch inserts, until the insert returns it. */
  id: number | null
  isNew: boolean
  name: string
  sizeBytes: number
  filesCount: number | null
  /** The file list as the classifier reads it: a new row's or a filled one's; a stored one's only when read for a label. */
  files: TorrentFile[] | null
  publishedAt: number
  categoriesBefore: string | null
  operatorTags: Set<string>
  /** A new row's values; the batch's later items with the same hash fold into them. */
  insert: NewRow | null
  /** A stored row's changes, folded over the batch's items. */
  touch: Touch | null
  classification: Classification | null
  deleted: boolean
  /** Operator tags the batch's items carry. */
  carriedTags: Set<string>
  carriedGrabs: number
  /** (source key → earliest published time) of the batch's items. */
  sources: Map<string, number>
}

interface NewRow {
  infoHashV2: Uint8Array | null
  isPrivate: boolean
  filesCount: number | null
  seeders: number | null
  leechers: number | null
  publishedAt: number
  firstSeenAt: number
  swarmCheckedAt: number
  grabs: number
  evidenceScore: number
}

interface Touch {
  firstSeenAt: number
  seeders: number | null
  leechers: number | null
  swarmCheckedAt: number
  isPrivate: boolean
  infoHashV2: Uint8Array | null
  /** Set when the batch brought the file list of a row stored without one. */
  fill: { filesCount: number; sizeBytes: number } | null
}

/** Thrown inside a batch's transaction to roll it back and decide it again. */
class LostRace extends Error {}

function isDeadlock(err: unknown): boolean {
  return err instanceof Error && /deadlock detected/.test(err.message)
}

async function writeIn(tx: SQL, items: readonly IngestItem[], nowSeconds: number, policies: WritePolicies, sources: SourceIds) {
  const hashes = new Map<string, Uint8Array>()
  for (const item of items) if (!hashes.has(item.infoHash)) hashes.set(item.infoHash, hexToBytes(item.infoHash))
  const hashList = [...hashes.values()]
  const [stored, blockedRows, labelsExist, tallyRows] = await Promise.all([
    tx`SELECT t.id, t.info_hash, t.name, t.size, t.files_count, t.published_at, c.categories
       FROM torrents t LEFT JOIN torrent_classifications c ON c.torrent_id = t.id WHERE t.info_hash = ANY(${hashList}::bytea[])`,
    tx`SELECT info_hash, rule_id FROM blocked_torrents WHERE info_hash = ANY(${hashList}::bytea[])`,
    hasAnyLabel(tx),
    tx`SELECT info_hash, type, result, count(*) AS count FROM evidence WHERE info_hash = ANY(${hashList}::bytea[]) GROUP BY 1, 2, 3`,
  ])
  const blocked = new Map<string, string>(
    blockedRows.map((row: { info_hash: Uint8Array; rule_id: string }) => [bytesToHex(row.info_hash), row.rule_id]),
  )
  const tallies = new Map<string, EvidenceTally[]>()
  for (const row of tallyRows) {
    const hex = bytesToHex(row.info_hash)
    const list = tallies.get(hex) ?? []
    list.push({ type: row.type, result: row.result, count: int(row.count) })
    tallies.set(hex, list)
  }
  const state = new Map<string, HashState>()
  for (const row of stored) {
    state.set(bytesToHex(row.info_hash), {
      infoHash: row.info_hash,
      id: int(row.id),
      isNew: false,
      name: row.name,
      sizeBytes: int(row.size),
      filesCount: intOrNull(row.files_count),
      files: null,
      publishedAt: int(row.published_at),
      categoriesBefore: row.categories,
      operatorTags: new Set(),
      insert: null,
      touch: null,
      classification: null,
      deleted: false,
      carriedTags: new Set(),
      carriedGrabs: 0,
      sources: new Map(),
    })
  }
  const newlyLabelled = await storeCarriedLabels(tx, items, blocked)
  const labels = labelsExist || newlyLabelled.size > 0 ? await labelsOf(tx, hashList) : new Map<string, GroundTruthLabel>()
  await readForReclassification(tx, items, state, newlyLabelled)

  const batch: BatchState = { hasLabels: labelsExist, labels, blocked, classified: [], ruleDeletes: [] }
  const outcomes: WriteOutcome[] = []
  const labelledSeen = new Set<string>()
  for (const item of items) {
    const isNewlyLabelled = newlyLabelled.has(item.infoHash) && !labelledSeen.has(item.infoHash) && !blocked.has(item.infoHash)
    if (isNewlyLabelled) {
      labelledSeen.add(item.infoHash)
      batch.hasLabels = true
    }
    outcomes.push(decide(item, hashes.get(item.infoHash)!, state, batch, isNewlyLabelled, { nowSeconds, policies, tallies }))
  }
  const written = await write(tx, state, batch, nowSeconds, sources)
  // After the write: a new row's id is known only once it is inserted.
  return { result: { outcomes, classified: batch.classified.map((entry) => entry.resolve()) }, ...written }
}

interface BatchState {
  hasLabels: boolean
  labels: Map<string, GroundTruthLabel>
  blocked: Map<string, string>
  /** Each classification made, its torrent id known once the new rows are inserted. */
  classified: { resolve(): ClassifiedItem }[]
  ruleDeletes: { state: HashState | null; infoHash: Uint8Array; ruleId: string }[]
}

/**
 * Stores the labels the batch's lines carry where the hash has none (and is not blocked), before
 * anything is classified, so the classification below is confirmed by them; the hashes whose
 * label is new.
 */
async function storeCarriedLabels(tx: SQL, items: readonly IngestItem[], blocked: Map<string, string>): Promise<Set<string>> {
  const carried = items.filter((item) => item.carried?.label && !blocked.has(item.infoHash))
  if (carried.length === 0) return new Set()
  const labels = carried.map((item) => item.carried!.label!)
  const rows = await tx`INSERT INTO ground_truth_labels (info_hash, content_type, title, year, seasons, episodes, imdb_id, tmdb_id,
      tvdb_id, tvmaze_id, labelled_by, labelled_at)
    SELECT * FROM unnest(${carried.map((item) => hexToBytes(item.infoHash))}::bytea[], ${labels.map((l) => l.contentType)}::text[],
      ${labels.map((l) => l.title)}::text[], ${labels.map((l) => l.year)}::int4[], ${labels.map((l) => JSON.stringify(l.seasons))}::text[],
      ${labels.map((l) => JSON.stringify(l.episodes))}::text[], ${labels.map((l) => l.imdb)}::text[], ${labels.map((l) => l.tmdb)}::int8[],
      ${labels.map((l) => l.tvdb)}::int8[], ${labels.map((l) => l.tvmaze)}::int8[], ${labels.map((l) => l.labelledBy)}::text[],
      ${labels.map((l) => l.labelledAt)}::int8[])
    ON CONFLICT (info_hash) DO NOTHING RETURNING info_hash`
  return new Set(rows.map((row: { info_hash: Uint8Array }) => bytesToHex(row.info_hash)))
}

/**
 * Reads what classifying a stored torrent again needs, for the few the batch may: those stored
 * without files that an item brings files for, and those a new label arrives for (their files too).
 */
async function readForReclassification(tx: SQL, items: readonly IngestItem[], state: Map<string, HashState>, newlyLabelled: Set<string>) {
  const ids = new Set<number>()
  const filesFor: number[] = []
  for (const item of items) {
    const stored = state.get(item.infoHash)
    if (!stored) continue
    const isLabelled = newlyLabelled.has(item.infoHash)
    if ((stored.filesCount === null && item.files) || isLabelled) ids.add(stored.id!)
    if (isLabelled && stored.filesCount !== null) filesFor.push(stored.id!)
  }
  if (ids.size === 0) return
  const byId = new Map([...state.values()].map((entry) => [entry.id!, entry]))
  const [tags, files] = await Promise.all([
    tx`SELECT torrent_id, tag FROM torrent_tags WHERE NOT by_rule AND torrent_id = ANY(${[...ids]}::int8[])`,
    torrentFilesOf(tx, filesFor),
  ])
  for (const row of tags) byId.get(int(row.torrent_id))!.operatorTags.add(row.tag)
  for (const torrentId of filesFor) byId.get(torrentId)!.files = files.get(torrentId) ?? []
}

interface DecideContext {
  nowSeconds: number
  policies: WritePolicies
  tallies: Map<string, EvidenceTally[]>
}

/** One item, in batch order, against the index as the items before it left it: the SQLite writer's decisions. */
function decide(
  item: IngestItem,
  hash: Uint8Array,
  state: Map<string, HashState>,
  batch: BatchState,
  isNewlyLabelled: boolean,
  context: DecideContext,
): WriteOutcome {
  const { nowSeconds } = context
  const blockedBy = batch.blocked.get(item.infoHash)
  if (blockedBy !== undefined) return blockedBy === OPERATOR_DELETE ? 'blocked' : 'deleted'
  const hashV2 = item.infoHashV2 ? hexToBytes(item.infoHashV2) : null
  // A source's clock may run ahead; a future time would pin the item to the top of the feed.
  const publishedAt = Math.min(item.publishedAt ?? nowSeconds, nowSeconds)
  const swarmCheckedAt = item.isSwarmCheck ? nowSeconds : 0
  let entry = state.get(item.infoHash)
  if (!entry) {
    entry = newEntry(item, hash, hashV2, publishedAt, swarmCheckedAt)
    state.set(item.infoHash, entry)
    if (!classifyInto(entry, item, true, batch, context)) return 'deleted'
    const tally = context.tallies.get(item.infoHash)
    if (tally) {
      const { grabs, score } = context.policies.scoreEvidence(tally)
      entry.insert!.grabs = grabs
      entry.insert!.evidenceScore = score
    }
    keepCarried(entry, item.carried, true)
    addSource(entry, item.source, publishedAt)
    return 'imported'
  }
  touch(entry, item, hashV2, publishedAt, swarmCheckedAt)
  if (entry.filesCount === null && item.files) {
    const filesCount = Math.max(item.filesCount ?? 0, item.files.length)
    entry.filesCount = filesCount
    entry.sizeBytes = item.sizeBytes
    entry.files = item.files
    if (entry.insert) entry.insert.filesCount = entry.filesCount
    else entry.touch!.fill = { filesCount, sizeBytes: item.sizeBytes }
    // The file list is new evidence: the name alone may have been classified wrongly.
    if (!classifyInto(entry, item, false, batch, context)) return 'deleted'
  } else if (isNewlyLabelled) {
    const storedItem = { ...item, name: entry.name, sizeBytes: entry.sizeBytes, files: entry.filesCount === null ? null : entry.files }
    if (!classifyInto(entry, storedItem, false, batch, context)) return 'deleted'
  }
  keepCarried(entry, item.carried, false)
  addSource(entry, item.source, publishedAt)
  return 'updated'
}

function newEntry(item: IngestItem, hash: Uint8Array, hashV2: Uint8Array | null, publishedAt: number, swarmCheckedAt: number): HashState {
  const filesCount = filesCountOf(item)
  return {
    infoHash: hash,
    id: null,
    isNew: true,
    name: item.name,
    sizeBytes: item.sizeBytes,
    filesCount,
    files: item.files,
    publishedAt,
    categoriesBefore: null,
    operatorTags: new Set(),
    insert: {
      infoHashV2: hashV2,
      isPrivate: item.isPrivate,
      filesCount,
      seeders: item.seeders,
      leechers: item.leechers,
      publishedAt,
      firstSeenAt: publishedAt,
      swarmCheckedAt,
      grabs: 0,
      evidenceScore: 0,
    },
    touch: null,
    classification: null,
    deleted: false,
    carriedTags: new Set(),
    carriedGrabs: 0,
    sources: new Map(),
  }
}

/**
 * Same info hash means same info dict, so name and files never change; only what we learn about
 * the swarm and the earliest sighting move. Folded into the new row, or into the stored row's one
 * update, as the SQLite writer's update per item would leave it.
 */
function touch(entry: HashState, item: IngestItem, hashV2: Uint8Array | null, publishedAt: number, swarmCheckedAt: number) {
  const row = entry.insert ?? entry.touch
  if (row) {
    row.firstSeenAt = Math.min(row.firstSeenAt, publishedAt)
    row.seeders = item.seeders ?? row.seeders
    row.leechers = item.leechers ?? row.leechers
    row.swarmCheckedAt = Math.max(row.swarmCheckedAt, swarmCheckedAt)
    row.isPrivate ||= item.isPrivate
    row.infoHashV2 ??= hashV2
    return
  }
  entry.touch = {
    firstSeenAt: publishedAt,
    seeders: item.seeders,
    leechers: item.leechers,
    swarmCheckedAt,
    isPrivate: item.isPrivate,
    infoHashV2: hashV2,
    fill: null,
  }
}

/** Classifies and keeps the verdict; false when a rule deleted the torrent (its hash is then blocked). */
function classifyInto(entry: HashState, item: IngestItem, isNewRow: boolean, batch: BatchState, context: DecideContext): boolean {
  const outcome: ClassifyOutcome = context.policies.classify({
    name: item.name,
    sizeBytes: item.sizeBytes,
    files: item.files,
    operatorTags: isNewRow ? [] : [...entry.operatorTags],
    label: batch.hasLabels ? (batch.labels.get(bytesToHex(entry.infoHash)) ?? null) : null,
    labelsExist: batch.hasLabels,
    isNewRow,
    preclassified: item.preclassified,
  })
  if (outcome.deletedBy !== null) {
    batch.blocked.set(bytesToHex(entry.infoHash), outcome.deletedBy)
    entry.deleted = true
    // A row new in this batch and deleted on its first classification is never inserted.
    if (isNewRow) entry.insert = null
    batch.ruleDeletes.push({ state: isNewRow ? null : entry, infoHash: entry.infoHash, ruleId: outcome.deletedBy })
    return false
  }
  entry.classification = outcome.classification
  const classification = outcome.classification
  batch.classified.push({
    resolve: () => ({ torrentId: entry.id!, classifiedAt: context.nowSeconds, item, classification }),
  })
  return true
}

/**
 * What an export line carries beyond the torrent (src/store/sqlite/ingest/carried-facts.ts says
 * why each is kept so): tags added as the operator's, grabs raised to the count given, a v2 hash
 * only for a torrent the line brings.
 */
function keepCarried(entry: HashState, facts: CarriedFacts | undefined, isNew: boolean) {
  if (!facts) return
  if (isNew && facts.infoHashV2) entry.insert!.infoHashV2 = hexToBytes(facts.infoHashV2)
  for (const tag of facts.tags) {
    entry.carriedTags.add(tag)
    entry.operatorTags.add(tag)
  }
  if (entry.insert) entry.insert.grabs = Math.max(entry.insert.grabs, facts.grabs)
  else entry.carriedGrabs = Math.max(entry.carriedGrabs, facts.grabs)
}

function addSource(entry: HashState, key: string, publishedAt: number) {
  const earliest = entry.sources.get(key)
  entry.sources.set(key, earliest === undefined ? publishedAt : Math.min(earliest, publishedAt))
}

/** Every file of the torrent: files_count counts those past the stored list too. */
function filesCountOf(item: IngestItem): number | null {
  return item.files ? Math.max(item.filesCount ?? 0, item.files.length) : null
}

/** The batch's decisions as statements: the new rows first (their ids), then one statement per table. */
async function write(tx: SQL, state: Map<string, HashState>, batch: BatchState, nowSeconds: number, sources: SourceIds) {
  const fresh = [...state.values()].filter((entry) => entry.insert)
  let highestId = 0
  if (fresh.length > 0) {
    // Ids in the batch's order, as SQLite gives them (the crawler's known hashes and the export
    // page by id); the rows then go in by hash, so two writers inserting the same hashes wait on
    // each other in one order, never in a cycle.
    const ids = await tx`SELECT nextval(pg_get_serial_sequence('torrents', 'id')) AS id FROM generate_series(1, ${fresh.length})`
    const taken = ids.map((row: { id: unknown }) => int(row.id)).sort((a: number, b: number) => a - b)
    for (const [i, entry] of fresh.entries()) entry.id = taken[i]!
    highestId = taken.at(-1)!
    fresh.sort((a, b) => Buffer.compare(a.infoHash, b.infoHash))
    const rows = fresh.map((entry) => entry.insert!)
    const returned = await tx`INSERT INTO torrents (id, info_hash, info_hash_v2, name, size, private, files_count, seeders, leechers,
        published_at, first_seen_at, updated_at, swarm_checked_at, grabs, evidence_score)
      SELECT id, h, v2, n, s, p, f, se, le, pa, fs, ${nowSeconds}, sc, g, es FROM unnest(${fresh.map((entry) => entry.id)}::int8[],
        ${fresh.map((entry) => entry.infoHash)}::bytea[],
        ${rows.map((row) => row.infoHashV2)}::bytea[], ${fresh.map((entry) => entry.name)}::text[], ${fresh.map((entry) => entry.sizeBytes)}::int8[],
        ${rows.map((row) => row.isPrivate)}::bool[], ${rows.map((row) => row.filesCount)}::int4[], ${rows.map((row) => row.seeders)}::int4[],
        ${rows.map((row) => row.leechers)}::int4[], ${rows.map((row) => row.publishedAt)}::int8[], ${rows.map((row) => row.firstSeenAt)}::int8[],
        ${rows.map((row) => row.swarmCheckedAt)}::int8[], ${rows.map((row) => row.grabs)}::int4[], ${rows.map((row) => row.evidenceScore)}::float8[])
        AS r (id, h, v2, n, s, p, f, se, le, pa, fs, sc, g, es)
      ON CONFLICT (info_hash) DO NOTHING RETURNING id`
    if (returned.length < fresh.length) throw new LostRace('another writer stored one of the batch’s new hashes first')
  }
  const live = [...state.values()].filter((entry) => !entry.deleted && entry.id !== null)
  const sourceKeys = [...new Set(live.flatMap((entry) => [...entry.sources.keys()]))]
  const sourceIds = await sources.idsOf(tx, sourceKeys)
  const statements: Promise<unknown>[] = [
    writeFiles(tx, live),
    touchStored(tx, live, nowSeconds),
    storeClassifications(
      tx,
      live.flatMap((entry): ClassificationWrite[] =>
        entry.classification
          ? [
              {
                torrentId: entry.id!,
                classification: entry.classification,
                name: entry.name,
                publishedAt: entry.publishedAt,
                categoriesBefore: entry.categoriesBefore,
              },
            ]
          : [],
      ),
      nowSeconds,
    ),
    addOperatorTags(tx, live),
    upsertSources(tx, live, sourceIds, nowSeconds),
  ]
  statements.push(
    deleteAndBlockByRule(
      tx,
      batch.ruleDeletes.map((entry) => ({ torrentId: entry.state?.id ?? null, infoHash: entry.infoHash, ruleId: entry.ruleId })),
      nowSeconds,
    ),
  )
  await Promise.all(statements)
  return { sourceIds, highestId }
}

async function writeFiles(tx: SQL, live: HashState[]) {
  const ids: number[] = []
  const indexes: number[] = []
  const paths: string[] = []
  const sizes: number[] = []
  const extensions: (string | null)[] = []
  const types: string[] = []
  for (const entry of live) {
    if (!entry.files || !(entry.isNew || entry.touch?.fill)) continue
    for (const file of entry.files) {
      ids.push(entry.id!)
      indexes.push(file.index)
      paths.push(file.path)
      sizes.push(file.sizeBytes)
      extensions.push(file.extension)
      types.push(file.fileType)
    }
  }
  if (ids.length === 0) return
  await tx`INSERT INTO torrent_files (torrent_id, file_index, path, size, extension, file_type)
    SELECT * FROM unnest(${ids}::int8[], ${indexes}::int4[], ${paths}::text[], ${sizes}::int8[], ${extensions}::text[], ${types}::text[])`
}

/** The stored rows' one update each: the sighting folded over the batch, a file list filled, grabs an export line raised. */
async function touchStored(tx: SQL, live: HashState[], nowSeconds: number) {
  const rows = live.filter((entry) => entry.touch).sort((a, b) => a.id! - b.id!)
  if (rows.length === 0) return
  const touches = rows.map((entry) => entry.touch!)
  await tx`UPDATE torrents t SET first_seen_at = least(t.first_seen_at, u.first_seen_at), updated_at = ${nowSeconds},
      seeders = coalesce(u.seeders, t.seeders), leechers = coalesce(u.leechers, t.leechers),
      swarm_checked_at = greatest(t.swarm_checked_at, u.swarm_checked_at), private = t.private OR u.private,
      info_hash_v2 = coalesce(t.info_hash_v2, u.info_hash_v2),
      files_count = CASE WHEN u.files_count IS NULL THEN t.files_count ELSE u.files_count END,
      size = coalesce(u.size, t.size), grabs = greatest(t.grabs, u.grabs)
    FROM unnest(${rows.map((entry) => entry.id)}::int8[], ${touches.map((row) => row.firstSeenAt)}::int8[],
      ${touches.map((row) => row.seeders)}::int4[], ${touches.map((row) => row.leechers)}::int4[],
      ${touches.map((row) => row.swarmCheckedAt)}::int8[], ${touches.map((row) => row.isPrivate)}::bool[],
      ${touches.map((row) => row.infoHashV2)}::bytea[], ${touches.map((row) => row.fill?.filesCount ?? null)}::int4[],
      ${touches.map((row) => row.fill?.sizeBytes ?? null)}::int8[], ${rows.map((entry) => entry.carriedGrabs)}::int4[])
      AS u (id, first_seen_at, seeders, leechers, swarm_checked_at, private, info_hash_v2, files_count, size, grabs)
    WHERE t.id = u.id`
}

/** A tag a rule had set becomes the operator's, as a tag set through GraphQL does. */
async function addOperatorTags(tx: SQL, live: HashState[]) {
  const ids: number[] = []
  const tags: string[] = []
  for (const entry of live)
    for (const tag of entry.carriedTags) {
      ids.push(entry.id!)
      tags.push(tag)
    }
  if (ids.length === 0) return
  await tx`INSERT INTO torrent_tags (torrent_id, tag, by_rule) SELECT *, false FROM unnest(${ids}::int8[], ${tags}::text[])
    ON CONFLICT (torrent_id, tag) DO UPDATE SET by_rule = false`
}

async function upsertSources(tx: SQL, live: HashState[], sourceIds: Map<string, number>, nowSeconds: number) {
  const ids: number[] = []
  const sourceIdList: number[] = []
  const times: number[] = []
  for (const entry of [...live].sort((a, b) => a.id! - b.id!))
    for (const [key, publishedAt] of entry.sources) {
      ids.push(entry.id!)
      sourceIdList.push(sourceIds.get(key)!)
      times.push(publishedAt)
    }
  if (ids.length === 0) return
  await tx`INSERT INTO torrent_sources (torrent_id, source_id, published_at, updated_at)
    SELECT *, ${nowSeconds}::int8 FROM unnest(${ids}::int8[], ${sourceIdList}::int8[], ${times}::int8[])
    ON CONFLICT (torrent_id, source_id) DO UPDATE SET
      published_at = least(torrent_sources.published_at, excluded.published_at), updated_at = excluded.updated_at`
}
