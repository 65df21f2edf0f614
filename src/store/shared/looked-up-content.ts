/**
 * SQL both engines read alike (issue 36), for their search and export adapters.
 *
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
