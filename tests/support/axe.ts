import { expect } from 'bun:test'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

/** axe-core's browser bundle, from the pinned devDependency. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  /** The offending elements, as CSS selectors. */
  targets: string[]
}

/**
 * Runs axe-core over the page as it is now (every default rule: WCAG 2.x A and AA and best
 * practices) and returns the violations. Evaluated through the DevTools protocol, so the pages'
 * content security policy, which forbids inline scripts, does not stop it.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE_SOURCE)
  return page.evaluate<AxeViolation[]>(
    `axe.run(document, { resultTypes: ['violations'] }).then((results) => results.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((node) => node.target.join(' ')) })))`,
  )
}

/** No serious or critical axe-core violation on the page (`where` names it in the failure). */
export async function expectNoSeriousAxeViolations(page: Page, where: string): Promise<void> {
  const serious = (await axeViolations(page)).filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
  expect({ where, serious }).toEqual({ where, serious: [] })
}
