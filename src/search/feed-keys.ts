import { isKnownCategory, parentCategoryOf } from '../vocabulary'

/**
 * The category ranges to walk. Every item carries its parent category, so a requested parent
 * covers its sub-categories and they are dropped; unknown ids are ignored (an all-unknown list
 * matches nothing).
 */
export function effectiveCategories(requested: number[]): number[] {
  const known = [...new Set(requested.filter(isKnownCategory))]
  return known.filter((category) => {
    const parent = parentCategoryOf(category)
    return parent === category || !known.includes(parent!)
  })
}
