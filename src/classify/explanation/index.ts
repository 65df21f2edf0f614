export { renderExplanation, type ExplainedRow, type Explanation } from './render-explanation'
export type { LabelSource } from './explanation-codes'
