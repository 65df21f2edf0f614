import { eq, sql } from 'drizzle-orm'
import type { GroundTruthLabel } from '../classify'
import type { DatabaseHandle } from '../db'
import { schema } from '../db'

const { torrents, groundTruthLabels } = schema

/**
 * What *arr evidence changes on a torrent: its grabs and evidence score, and its ground-truth
 * label. The counters are no-ops for a torrent not in the index yet: the evidence catch-up
 * applies the recorded reports when it arrives; a label is keyed by hash and waits for it.
 */
export function createEvidenceEffects(db: DatabaseHandle) {
  const { orm } = db
  const byHash = (infoHash: string) => eq(torrents.infoHash, Buffer.from(infoHash, 'hex'))
  return {
    addGrab(infoHash: string, weight: number): void {
      orm
        .update(torrents)
        .set({ grabs: sql`${torrents.grabs} + 1`, evidenceScore: sql`${torrents.evidenceScore} + ${weight}` })
        .where(byHash(infoHash))
        .run()
    },
    adjustScore(infoHash: string, by: number): void {
      orm
        .update(torrents)
        .set({ evidenceScore: sql`${torrents.evidenceScore} + ${by}` })
        .where(byHash(infoHash))
        .run()
    },
    label(infoHash: string, label: GroundTruthLabel, labelledBy: string, nowSeconds: number): void {
      const row = {
        contentType: label.contentType,
        title: label.title,
        year: label.year,
        seasons: label.seasons,
        episodes: label.episodes,
        imdbId: label.imdb,
        tmdbId: label.tmdb,
        tvdbId: label.tvdb,
        tvmazeId: label.tvmaze,
        labelledBy,
        labelledAt: nowSeconds,
      }
      orm
        .insert(groundTruthLabels)
        .values({ infoHash: Buffer.from(infoHash, 'hex'), ...row })
        .onConflictDoUpdate({ target: groundTruthLabels.infoHash, set: row })
        .run()
    },
  }
}

export type EvidenceEffects = ReturnType<typeof createEvidenceEffects>
