/**
 * What the core and the dashboard both speak, defined once: content types, Torznab categories,
 * the tag rule, the words wants match by, the run-time setting keys and the shape of the figures.
 * Pure (no Bun API, server, database or I/O), so both apps and the views may import it and it
 * runs under Deno too.
 */
export {
  CONTENT_TYPE_LABELS,
  CONTENT_TYPES,
  type ContentType,
  contentTypeLabel,
  isContentType,
  resolveTvAlias,
  TV_ALIAS,
  UNCLASSIFIED,
  WANT_CONTENT_TYPES,
  type WantContentType,
} from './content-types'
export {
  categoryRangesOf,
  isKnownCategory,
  parentCategoryOf,
  TORZNAB_CATEGORIES,
  type TorznabCategory,
  torznabCategoryName,
} from './torznab-categories'
export { isTagName, normaliseTag, TAG_MAX_LENGTH } from './tags'
export { type WantRegistration, wordsOf } from './wants'
export {
  CORE_SETTING_KEYS,
  type CoreSettingKey,
  isCoreSettingKey,
  isSettingKey,
  SETTING_KEYS,
  SETTINGS,
  type SettingFacts,
  type SettingKey,
  type SettingValue,
} from './settings'
export type { ContentTypeCount, CrawlerState, IndexStats, Stats, StorageReport, StorageStats } from './stats'
