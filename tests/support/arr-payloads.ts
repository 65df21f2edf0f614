/**
 * Webhook bodies as Sonarr, Radarr, Lidarr, Readarr and Whisparr send them, field for field
 * after their own payload classes (NzbDrone.Core/Notifications/Webhook): v3 shapes (no
 * applicationUrl, fewer series fields) and v4+ shapes (tmdbId and year on series, episodeFile
 * languages and mediaInfo, release info on Download, customFormatInfo, .NET's 7-digit fractions).
 */
type Json = Record<string, unknown>

const sonarrSeriesV3 = {
  id: 7,
  title: 'Z Nation',
  path: '/tv/Z Nation',
  tvdbId: 280494,
  tvMazeId: 1418,
  imdbId: 'tt3843168',
  type: 'standard',
}
const sonarrSeriesV4 = {
  ...sonarrSeriesV3,
  titleSlug: 'z-nation',
  tmdbId: 60892,
  year: 2014,
  genres: ['Action', 'Horror'],
  tags: ['dht'],
  images: [{ coverType: 'poster', url: '/MediaCover/7/poster.jpg', remoteUrl: 'https://artworks.example/poster.jpg' }],
}
const episode = {
  id: 1201,
  episodeNumber: 12,
  seasonNumber: 1,
  title: 'Doctor Who?',
  airDate: '2014-12-05',
  airDateUtc: '2014-12-06T02:00:00Z',
}

export function sonarrV3Grab(downloadId: string): Json {
  return {
    eventType: 'Grab',
    instanceName: 'Sonarr',
    series: sonarrSeriesV3,
    episodes: [episode],
    release: {
      quality: 'HDTV-720p',
      qualityVersion: 1,
      releaseGroup: 'LOL',
      releaseTitle: 'Z.Nation.S01E12.HDTV.x264-LOL[ettv]',
      indexer: 'dht-indexer (Prowlarr)',
      size: 366_023_345,
    },
    downloadClient: 'qBittorrent',
    downloadClientType: 'qBittorrent',
    downloadId,
  }
}

export function sonarrV4Download(downloadId: string, dateAdded = '2024-03-02T10:11:12.1234567Z'): Json {
  return {
    eventType: 'Download',
    instanceName: 'Sonarr',
    applicationUrl: 'http://sonarr.lan:8989',
    series: sonarrSeriesV4,
    episodes: [{ ...episode, overview: 'The team meets a doctor.', seriesId: 7, tvdbId: 5012345 }],
    episodeFile: {
      id: 88,
      relativePath: 'Season 01/Z Nation - S01E12 - Doctor Who.mkv',
      path: '/tv/Z Nation/Season 01/Z Nation - S01E12 - Doctor Who.mkv',
      quality: 'HDTV-720p',
      qualityVersion: 1,
      releaseGroup: 'LOL',
      sceneName: 'Z.Nation.S01E12.HDTV.x264-LOL',
      size: 366_023_345,
      dateAdded,
      languages: [{ id: 1, name: 'English' }],
      mediaInfo: {
        audioChannels: 2,
        audioCodec: 'AAC',
        audioLanguages: ['eng'],
        height: 720,
        width: 1280,
        subtitles: [],
        videoCodec: 'x264',
        videoDynamicRange: '',
        videoDynamicRangeType: '',
      },
      sourcePath: '/downloads/Z.Nation.S01E12.HDTV.x264-LOL[ettv]/z.nation.s01e12.mkv',
    },
    release: {
      releaseTitle: 'Z.Nation.S01E12.HDTV.x264-LOL[ettv]',
      indexer: 'dht-indexer (Prowlarr)',
      size: 366_023_345,
      releaseType: 'singleEpisode',
    },
    isUpgrade: false,
    downloadClient: 'qBittorrent',
    downloadClientType: 'qBittorrent',
    downloadId,
    customFormatInfo: { customFormats: [], customFormatScore: 0 },
  }
}

export function sonarrV4ManualInteraction(downloadId: string): Json {
  return {
    eventType: 'ManualInteractionRequired',
    instanceName: 'Sonarr',
    applicationUrl: '',
    series: sonarrSeriesV4,
    episodes: [episode],
    downloadInfo: { quality: 'HDTV-720p', qualityVersion: 1, title: 'Z.Nation.S01E12.HDTV.x264-LOL[ettv]', size: 366_023_345 },
    downloadClient: 'qBittorrent',
    downloadClientType: 'qBittorrent',
    downloadId,
    downloadStatus: 'Warning',
    downloadStatusMessages: [{ title: 'Z.Nation.S01E12.HDTV.x264-LOL[ettv]', messages: ['No files found are eligible for import'] }],
    customFormatInfo: { customFormats: [], customFormatScore: 0 },
    release: { releaseTitle: 'Z.Nation.S01E12.HDTV.x264-LOL[ettv]', indexer: 'dht-indexer (Prowlarr)', size: 366_023_345 },
  }
}

export const sonarrTest: Json = {
  eventType: 'Test',
  instanceName: 'Sonarr',
  series: { id: 1, title: 'Test Title', path: 'C:\\testpath', tvdbId: 1234, tags: ['test-tag'] },
  episodes: [{ id: 123, episodeNumber: 1, seasonNumber: 1, title: 'Test title' }],
}

const radarrMovieV3 = {
  id: 3,
  title: 'Sintel',
  releaseDate: '2010-09-30',
  folderPath: '/movies/Sintel (2010)',
  tmdbId: 45745,
  imdbId: 'tt1727587',
}
const remoteMovie = { tmdbId: 45745, imdbId: 'tt1727587', title: 'Sintel', year: 2010 }

export function radarrV3Grab(downloadId: string): Json {
  return {
    eventType: 'Grab',
    instanceName: 'Radarr',
    movie: radarrMovieV3,
    remoteMovie,
    release: {
      quality: 'WEBDL-2160p',
      qualityVersion: 1,
      releaseGroup: 'MaLLIeHbKa',
      releaseTitle: 'Sintel.2010.4K.DMRip.x264.DD.DTS.SRT-MaLLIeHbKa.mkv',
      indexer: 'dht-indexer',
      size: 4_471_320_000,
    },
    downloadClient: 'Transmission',
    downloadClientType: 'Transmission',
    downloadId,
  }
}

export function radarrV5Download(downloadId: string, movieOverrides: Json = {}): Json {
  return {
    eventType: 'Download',
    instanceName: 'Radarr',
    applicationUrl: 'http://radarr.lan:7878',
    movie: {
      ...radarrMovieV3,
      year: 2010,
      overview: 'A lonely young woman...',
      genres: ['Animation'],
      images: [],
      tags: [],
      originalLanguage: { id: 1, name: 'English' },
      ...movieOverrides,
    },
    remoteMovie,
    movieFile: {
      id: 41,
      relativePath: 'Sintel (2010).mkv',
      path: '/movies/Sintel (2010)/Sintel (2010).mkv',
      quality: 'WEBDL-2160p',
      qualityVersion: 1,
      releaseGroup: 'MaLLIeHbKa',
      sceneName: 'Sintel.2010.4K.DMRip.x264.DD.DTS.SRT-MaLLIeHbKa',
      indexerFlags: '0',
      size: 4_471_320_000,
      dateAdded: '2024-01-15T20:31:45Z',
      languages: [{ id: 1, name: 'English' }],
      mediaInfo: {
        audioChannels: 5.1,
        audioCodec: 'DTS',
        audioLanguages: ['eng'],
        height: 2160,
        width: 3840,
        subtitles: ['eng'],
        videoCodec: 'x264',
        videoDynamicRange: '',
        videoDynamicRangeType: '',
      },
      sourcePath: '/downloads/Sintel.2010.4K.DMRip.x264.DD.DTS.SRT-MaLLIeHbKa.mkv',
    },
    isUpgrade: false,
    downloadClient: 'Transmission',
    downloadClientType: 'Transmission',
    downloadId,
    customFormatInfo: { customFormats: [], customFormatScore: 0 },
    release: {
      releaseTitle: 'Sintel.2010.4K.DMRip.x264.DD.DTS.SRT-MaLLIeHbKa.mkv',
      indexer: 'dht-indexer',
      size: 4_471_320_000,
      indexerFlags: [],
    },
  }
}

const lidarrArtist = {
  id: 2,
  name: 'Various Artists',
  disambiguation: '',
  path: '/music/Various Artists',
  mbId: '89ad4ac3-39f7-470e-963a-56509c546377',
  type: 'Person',
  genres: [],
  images: [],
  tags: [],
}
const lidarrAlbum = {
  id: 9,
  mbId: 'b1e7b3d9-0000-4000-8000-000000000001',
  title: 'The WIRED CD: Rip. Sample. Mash. Share.',
  disambiguation: '',
  albumType: 'Album',
  secondaryAlbumTypes: [],
  releaseDate: '2004-11-01T00:00:00Z',
  genres: [],
  images: [],
}

export function lidarrGrab(downloadId: string): Json {
  return {
    eventType: 'Grab',
    instanceName: 'Lidarr',
    artist: lidarrArtist,
    albums: [lidarrAlbum],
    release: {
      quality: 'MP3-320',
      qualityVersion: 1,
      releaseGroup: '',
      releaseTitle: 'The WIRED CD - Rip. Sample. Mash. Share',
      indexer: 'dht-indexer',
      size: 93_000_000,
      customFormatScore: 0,
      customFormats: [],
    },
    downloadClient: 'Deluge',
    downloadClientType: 'Deluge',
    downloadId,
  }
}

export function lidarrDownload(downloadId: string): Json {
  return {
    eventType: 'Download',
    instanceName: 'Lidarr',
    artist: lidarrArtist,
    album: lidarrAlbum,
    tracks: [{ id: 1, title: 'Now Get Busy', trackNumber: '1', quality: 'MP3-320', qualityVersion: 1, releaseGroup: '' }],
    trackFiles: [
      {
        id: 1,
        path: '/music/Various Artists/The WIRED CD/01 - Now Get Busy.mp3',
        quality: 'MP3-320',
        qualityVersion: 1,
        releaseGroup: '',
        sceneName: '',
        size: 8_000_000,
        dateAdded: '2023-06-01 08:30:00',
      },
    ],
    isUpgrade: false,
    downloadClient: 'Deluge',
    downloadClientType: 'Deluge',
    downloadId,
  }
}

export function lidarrDownloadFailure(downloadId: string): Json {
  return {
    eventType: 'DownloadFailure',
    instanceName: 'Lidarr',
    downloadClient: 'Deluge',
    downloadId,
    quality: 'MP3-320',
    qualityVersion: 1,
    releaseTitle: 'The WIRED CD - Rip. Sample. Mash. Share',
  }
}

export function readarrDownload(downloadId: string, bookFile: string): Json {
  return {
    eventType: 'Download',
    instanceName: 'Readarr',
    applicationUrl: '',
    author: { id: 5, name: 'Walt Whitman', path: '/books/Walt Whitman', goodreadsId: '8397' },
    book: { id: 11, goodreadsId: '27494', title: 'Leaves of Grass', releaseDate: '1855-07-04T00:00:00Z' },
    bookFiles: [
      {
        id: 3,
        path: `/books/Walt Whitman/Leaves of Grass/${bookFile}`,
        quality: bookFile.endsWith('.m4b') ? 'M4B' : 'EPUB',
        qualityVersion: 1,
        releaseGroup: '',
        sceneName: '',
        size: 1_200_000,
        dateAdded: '2024-02-29T23:59:59+01:00',
      },
    ],
    isUpgrade: false,
    downloadClient: 'qBittorrent',
    downloadClientType: 'qBittorrent',
    downloadId,
  }
}

export function readarrImportFailure(downloadId: string): Json {
  return {
    eventType: 'ImportFailure',
    instanceName: 'Readarr',
    author: { id: 5, name: 'Walt Whitman', path: '/books/Walt Whitman' },
    bookFiles: [],
    isUpgrade: false,
    downloadClient: 'qBittorrent',
    downloadId,
  }
}

export function whisparrDownload(downloadId: string): Json {
  return {
    eventType: 'Download',
    instanceName: 'Whisparr',
    applicationUrl: '',
    movie: { id: 4, title: 'OBA-237', releaseDate: '2019-05-01', folderPath: '/xxx/OBA-237', tmdbId: 0, imdbId: '' },
    remoteMovie: { tmdbId: 0, imdbId: '', title: 'OBA-237', year: 2019 },
    movieFile: {
      id: 2,
      relativePath: 'OBA-237.mp4',
      path: '/xxx/OBA-237/OBA-237.mp4',
      quality: 'WEBDL-1080p',
      qualityVersion: 1,
      size: 1_000_000,
      dateAdded: '2024-05-05T05:05:05.5Z',
    },
    isUpgrade: false,
    downloadClient: 'qBittorrent',
    downloadClientType: 'qBittorrent',
    downloadId,
  }
}
