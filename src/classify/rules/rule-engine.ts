import { Environment } from '@marcbachmann/cel-js'
import { RuleFileError } from '../errors'
import type { DecidingRule } from '../explanation/explanation-codes'
import { factReadersOf, type FactReader, type RuleContext } from '../explanation/rule-facts'
import type { ContentType } from '../../vocabulary'
import { indexExtensionGroups, type Facts } from './build-facts'
import { CEL_TYPES, LabelFacts, ResultFacts } from './cel-facts'
import { compileCel, type CompileOptions } from './cel-compiler'
import { compileKeywordGroup, type KeywordMatcher } from './keywords'
import type { RuleActions, RuleSet } from './rule-file'

/** What the chain decided for one torrent. */
export interface RuleOutcome {
  /** The id of the rule that deleted the torrent, or null. */
  deletedBy: string | null
  contentType: ContentType | null
  confidence: number
  tags: string[]
  categories: number[]
  /** Ids of every rule whose condition held, in the order they ran. */
  firedRules: string[]
  /** A rule said stop: its decision is meant as final. */
  stopped: boolean
  /** The last rule that set the content type and the facts it reads, for the explanation; null when none did. */
  decided: DecidingRule | null
}

interface CompiledRule {
  id: string
  matches: (context: Record<string, unknown>) => unknown
  isCompiled: boolean
  then: RuleActions
  /** The facts its `when` reads; only rules that set a content type are ever asked for them. */
  facts: FactReader[]
}

const SIZE_UNITS: [string, number][] = [
  ['kb', 1e3],
  ['mb', 1e6],
  ['gb', 1e9],
  ['tb', 1e12],
]

/**
 * Compiles every enabled rule once. A rule whose `when` does not parse, does not type-check to
 * bool, or names a keyword or extension group the file does not declare stops start-up with the
 * file, the rule id and the reason. `interpretOnly` leaves every rule to cel-js: the reference
 * the compiled rules are tested against.
 */
export function compileRules(ruleSet: RuleSet, options: { interpretOnly?: boolean } = {}) {
  const keywordPatterns = new Map(Object.entries(ruleSet.keywords).map(([group, words]) => [group, compileKeywordGroup(group, words)]))
  const extensionGroups = Object.keys(ruleSet.extensions)
  const { env, compileOptions } = createEnvironment(keywordPatterns, ruleSet.extensions)

  const compiled: CompiledRule[] = ruleSet.rules
    .filter((rule) => rule.enabled)
    .map((rule) => {
      const where = `${rule.file}: rule ${rule.id}`
      checkGroupNames(rule.when, where, keywordPatterns, extensionGroups)
      let program: ReturnType<typeof env.parse>
      try {
        program = env.parse(rule.when)
      } catch (err) {
        throw new RuleFileError(`${where}: ${firstLine(err)}`, { cause: err })
      }
      const check = program.check()
      if (!check.valid) throw new RuleFileError(`${where}: ${firstLine(check.error)}`, { cause: check.error })
      if (check.type !== 'bool') throw new RuleFileError(`${where}: "when" must be a bool, not ${check.type}`)
      const closure = options.interpretOnly ? null : compileCel(program.ast, compileOptions)
      const facts = rule.then.setContentType ? factReadersOf(program.ast, keywordPatterns) : []
      return { id: rule.id, matches: closure ?? program, isCompiled: closure !== null, then: rule.then, facts }
    })

  const descriptions = new Map(ruleSet.rules.filter((rule) => rule.description).map((rule) => [rule.id, rule.description]))
  return {
    extensionGroups: indexExtensionGroups(ruleSet.extensions),
    /** A rule's description in the rules file, for explanations; null when it has none. */
    describe: (id: string): string | null => descriptions.get(id) ?? null,
    /** Rules evaluated by cel-js because they use something the closure compiler does not cover. */
    interpretedRuleIds: compiled.filter((rule) => !rule.isCompiled).map((rule) => rule.id),
    run(facts: Facts, labelContentType: ContentType | null): RuleOutcome {
      const result = new ResultFacts('', 0, [], [])
      const context = {
        torrent: facts.torrent,
        release: facts.release,
        result,
        label: new LabelFacts(labelContentType ?? ''),
        shares: facts.shares,
        counts: facts.counts,
      }
      const outcome: RuleOutcome = {
        deletedBy: null,
        contentType: null,
        confidence: 0,
        tags: [],
        categories: [],
        firedRules: [],
        stopped: false,
        decided: null,
      }
      let decider: CompiledRule | null = null
      let decidedAt = 0
      for (const rule of compiled) {
        if (rule.matches(context) !== true) continue
        outcome.firedRules.push(rule.id)
        if (rule.then.delete) {
          outcome.deletedBy = rule.id
          return outcome
        }
        if (rule.then.setContentType) {
          decider = rule
          decidedAt = outcome.firedRules.length - 1
        }
        applyActions(rule.then, result)
        if (rule.then.stop) {
          outcome.stopped = true
          break
        }
      }
      // Read once the chain is done, out of its loop (reading in it cost the whole chain 2 %):
      // the facts are the torrent's, and `result` is what the chain ended with.
      if (decider) {
        let facts = ''
        for (const read of decider.facts) facts += ` ${read(context as unknown as RuleContext)}`
        outcome.decided = { firedIndex: decidedAt, facts }
      }
      outcome.contentType = (result.contentType || null) as ContentType | null
      outcome.confidence = result.confidence
      outcome.tags = result.tags
      outcome.categories = result.categories.map(Number)
      return outcome
    },
  }
}

export type CompiledRules = ReturnType<typeof compileRules>

function applyActions(then: RuleActions, result: ResultFacts): void {
  if (then.setContentType) result.contentType = then.setContentType
  for (const category of then.addCategories) if (!result.categories.includes(BigInt(category))) result.categories.push(BigInt(category))
  for (const tag of then.addTags) if (!result.tags.includes(tag)) result.tags.push(tag)
  if (then.setConfidence !== null) result.confidence = then.setConfidence
  result.confidence = Math.min(1, Math.max(0, result.confidence + then.adjustConfidence))
}

function createEnvironment(keywordPatterns: Map<string, KeywordMatcher>, extensions: Record<string, string[]>) {
  const hasKeyword = (text: string, group: string) => {
    const pattern = keywordPatterns.get(group)
    if (!pattern) throw new RuleFileError(`no keyword group ${group}`)
    return pattern.test(text)
  }
  const extensionMap = new Map(Object.entries(extensions))
  let env = new Environment({ unlistedVariablesAreDyn: false })
  for (const [name, declaration] of Object.entries(CEL_TYPES)) env = env.registerType(name, declaration as never)
  env = env
    .registerVariable('torrent', 'Torrent')
    .registerVariable('release', 'Release')
    .registerVariable('result', 'Result')
    .registerVariable('label', 'Label')
    .registerVariable('shares', 'map<string, double>')
    .registerVariable('counts', 'map<string, int>')
    .registerConstant('extensions', 'map<string, list<string>>', extensionMap)
    // Sizes are doubles, so `100 * mb` needs int * double, which CEL leaves undefined.
    .registerOperator('int * double', (a: bigint, b: number) => Number(a) * b)
    .registerOperator('double * int', (a: number, b: bigint) => a * Number(b))
    .registerFunction('string.hasKeyword(string): bool', hasKeyword)
  for (const [name, bytes] of SIZE_UNITS) env = env.registerConstant(name, 'double', bytes)
  const constants = new Map<string, unknown>([['extensions', extensionMap], ...SIZE_UNITS])
  return { env, compileOptions: { constants, functions: { hasKeyword } } as CompileOptions }
}

/** Group names appear as literals in rules; a typo there would otherwise only show per torrent. */
function checkGroupNames(when: string, where: string, keywords: Map<string, KeywordMatcher>, extensionGroups: string[]): void {
  for (const [, group] of when.matchAll(/hasKeyword\(\s*["']([^"']+)["']\s*\)/g)) {
    if (!keywords.has(group!)) throw new RuleFileError(`${where}: no keyword group named ${group}`)
  }
  for (const match of when.matchAll(/\b(?:shares|counts|extensions)\s*(?:\.\s*([a-z][a-z0-9_]*)|\[\s*["']([^"']+)["']\s*\])/g)) {
    const group = match[1] ?? match[2]!
    if (!extensionGroups.includes(group)) throw new RuleFileError(`${where}: no extension group named ${group}`)
  }
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0]!
}
