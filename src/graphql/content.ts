import type { ContentRecord } from '../enrichment'
import { languageInfo } from './languages'

const TMDB = { key: 'tmdb', name: 'TMDB' }
const IMDB = { key: 'imdb', name: 'IMDb' }
const TVDB = { key: 'tvdb', name: 'TheTVDB' }

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString()

/**
 * A looked-up work in bitmagnet's Content shape: TMDB is the source and its id the content id;
 * the poster path, the poster URL (w500) and the IMDb and TVDB ids are attributes, as bitmagnet
 * keeps them, and genres are collections of type `genre`.
 */
export function toGraphqlContent(content: ContentRecord) {
  const createdAt = iso(content.createdAt)
  const updatedAt = iso(content.updatedAt)
  const attribute = (metadataSource: { key: string; name: string }, key: string, value: string) => ({
    source: metadataSource.key,
    key,
    value,
    metadataSource,
    createdAt,
    updatedAt,
  })
  const attributes = [
    ...(content.posterPath ? [attribute(TMDB, 'poster_path', content.posterPath)] : []),
    ...(content.posterUrl ? [attribute(TMDB, 'poster_url', content.posterUrl)] : []),
    ...(content.imdbId ? [attribute(IMDB, 'id', content.imdbId)] : []),
    ...(content.tvdbId !== null ? [attribute(TVDB, 'id', String(content.tvdbId))] : []),
  ]
  const tmdbPath = content.contentType === 'movie' ? 'movie' : 'tv'
  return {
    type: content.contentType,
    source: TMDB.key,
    id: String(content.tmdbId),
    title: content.title,
    releaseDate: content.releaseDate,
    releaseYear: content.year,
    // Searches ask TMDB for no adult titles.
    adult: false,
    originalLanguage:
      content.originalLanguage && /^[a-z]{2}$/.test(content.originalLanguage) ? languageInfo(content.originalLanguage) : null,
    originalTitle: content.originalTitle,
    overview: content.overview,
    runtime: null,
    popularity: content.popularity,
    voteAverage: content.voteAverage,
    voteCount: content.voteCount,
    attributes,
    collections: content.genres.map((genre) => ({
      type: 'genre',
      source: TMDB.key,
      id: String(genre.id),
      name: genre.name,
      metadataSource: TMDB,
      createdAt,
      updatedAt,
    })),
    metadataSource: TMDB,
    externalLinks: [
      { metadataSource: TMDB, url: `https://www.themoviedb.org/${tmdbPath}/${content.tmdbId}` },
      ...(content.imdbId ? [{ metadataSource: IMDB, url: `https://www.imdb.com/title/${content.imdbId}/` }] : []),
      ...(content.tvdbId !== null ? [{ metadataSource: TVDB, url: `https://thetvdb.com/dereferrer/series/${content.tvdbId}` }] : []),
    ],
    createdAt,
    updatedAt,
  }
}
