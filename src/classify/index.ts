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
export { describeReleaseName, type ParseOutput } from './parse-output'
export { createChatCompletion, createReranker, RERANK_REASON, type Reranker, type RerankJob } from './rerank'
export { RerankError } from './errors'
export { normaliseImdbId } from './external-ids'
export { renderExplanation, type ExplainedRow, type Explanation, type LabelSource } from './explanation'
