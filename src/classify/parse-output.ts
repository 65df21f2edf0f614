import type { Classifier } from './classifier'

/** One line of `cli parse`: what the classifier makes of a release name on its own. */
export interface ParseOutput {
  name: string
  title: string | null
  year: number | null
  seasons: number[]
  episodes: number[]
  air_date: string | null
  resolution: string | null
  source: string | null
  modifiers: string[]
  video_codec: string | null
  languages: string[]
  release_group: string | null
  content_type: string | null
  xxx: boolean
  /** Beyond the measured fields: what an operator debugging rules wants to see. */
  categories: number[]
  tags: string[]
  fired_rules: string[]
  confidence: number
  deleted_by: string | null
}

export function describeReleaseName(classifier: Classifier, name: string): ParseOutput {
  const outcome = classifier.classify({ name, sizeBytes: 0, files: null, tags: [] })
  if (outcome.deletedBy !== null) {
    return {
      name,
      title: null,
      year: null,
      seasons: [],
      episodes: [],
      air_date: null,
      resolution: null,
      source: null,
      modifiers: [],
      video_codec: null,
      languages: [],
      release_group: null,
      content_type: null,
      xxx: false,
      categories: [],
      tags: [],
      fired_rules: [outcome.deletedBy],
      confidence: 0,
      deleted_by: outcome.deletedBy,
    }
  }
  const { parsed, ...classification } = outcome.classification
  return {
    name,
    title: parsed.title,
    year: parsed.year,
    seasons: parsed.seasons,
    episodes: parsed.episodes,
    air_date: parsed.airDate,
    resolution: parsed.resolution,
    source: parsed.source,
    modifiers: parsed.modifiers,
    video_codec: parsed.videoCodec,
    languages: parsed.languages,
    release_group: parsed.releaseGroup,
    content_type: classification.contentType,
    xxx: classification.contentType === 'xxx',
    categories: classification.categories,
    tags: classification.tags,
    fired_rules: classification.firedRules,
    confidence: classification.confidence,
    deleted_by: null,
  }
}
