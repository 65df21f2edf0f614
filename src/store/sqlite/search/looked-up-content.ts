/**
 * How a classification (`c`) reaches the work the artwork enrichment resolved its title to (`ct`):
 * through its key in content_keys, (content type, lowercased title, year or 0), as migrations
 * 0026 and 0027 store and index it. A work whose ids contradict the torrent's ground truth (an
 * *arr import named other ids) is not the torrent's: ground truth wins, the lookup is ignored.
 */
export const JOIN_LOOKED_UP_CONTENT = `LEFT JOIN content_keys k ON k.content_type = c.content_type AND k.title = lower(c.title)
    AND k.year = coalesce(c.year, 0) AND k.status = 'resolved'
  LEFT JOIN contents ct ON ct.id = k.content_id
    AND (c.imdb_id IS NULL OR ct.imdb_id IS NULL OR c.imdb_id = ct.imdb_id)
    AND (c.tmdb_id IS NULL OR c.tmdb_id = ct.tmdb_id)
    AND (c.tvdb_id IS NULL OR ct.tvdb_id IS NULL OR c.tvdb_id = ct.tvdb_id)`

/** The ids a torrent answers to: its ground truth's, each missing one filled from its looked-up work. */
export const MERGED_ID_COLUMNS = `coalesce(c.imdb_id, ct.imdb_id) AS imdb_id, coalesce(c.tmdb_id, ct.tmdb_id) AS tmdb_id,
  coalesce(c.tvdb_id, ct.tvdb_id) AS tvdb_id, c.tvmaze_id`

/**
 * The torrents of the works carrying any of the ids: contents by id (its indexes), their keys,
 * then the classifications of each key (migration 0027's index; the WHERE repeats its terms).
 * CROSS JOIN fixes that order (left free, the planner walks every classification of the type), and
 * the unary + drops k2's column affinity, without which SQLite will not compare it to the index's
 * expressions (seeking by content type alone: 60 ms at 1M torrents instead of 0.5).
 */
export const TORRENTS_OF_LOOKED_UP_IDS = (list: string) => `SELECT c2.torrent_id FROM contents x
    CROSS JOIN content_keys k2 ON k2.content_id = x.id
    CROSS JOIN torrent_classifications c2 ON c2.content_type = k2.content_type AND lower(c2.title) = +k2.title
      AND coalesce(c2.year, 0) = +k2.year AND c2.title IS NOT NULL AND c2.content_type IN ('movie', 'tv_show')
    WHERE x.id IN (SELECT id FROM contents WHERE imdb_id IN (${list}) UNION SELECT id FROM contents WHERE tmdb_id IN (${list})
                   UNION SELECT id FROM contents WHERE tvdb_id IN (${list}))`
