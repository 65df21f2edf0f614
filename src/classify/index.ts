export {
  loadClassifier,
  type Classifier,
  type Classification,
  type ClassifyOutcome,
  type GroundTruthLabel,
  type ExternalIds,
} from './classifier'
export { RuleFileError } from './errors'
export type { ClassifierInput } from './rules/build-facts'
export * from './model'
// What a classification yields in the vocabulary both apps speak, for the core's capabilities that take it from here.
export {
  CONTENT_TYPES,
  type ContentType,
  TORZNAB_CATEGORIES,
  categoryRangesOf,
  isKnownCategory,
  parentCategoryOf,
  type TorznabCategory,
  isTagName,
  TAG_MAX_LENGTH,
} from '../vocabulary'
export { describeReleaseName, type ParseOutput } from './parse-output'
export { createChatCompletion, createReranker, RERANK_REASON, type Reranker, type RerankJob } from './rerank'
export { RerankError } from './errors'
export { normaliseImdbId } from './external-ids'
export { renderExplanation, type ExplainedRow, type Explanation, type LabelSource } from './explanation'
