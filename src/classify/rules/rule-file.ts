/**
 * The rules file: keyword groups, extension groups and rules, in YAML. The default file ships in
 * the source tree; an operator's file (`CLASSIFIER_RULES_PATH`) is merged over it: a rule with a
 * known id replaces that rule's given fields (so `{id, enabled: false}` switches one off), a new
 * id adds a rule, and keyword and extension lists are appended to their group, as in bitmagnet.
 */
import { readFileSync } from 'node:fs'
import { parse as parseYaml } from 'yaml'
import { RuleFileError } from '../errors'
import { CONTENT_TYPES, type ContentType, isKnownCategory, isTagName, TAG_MAX_LENGTH } from '../../vocabulary'

export interface RuleActions {
  delete: boolean
  setContentType: ContentType | null
  addCategories: number[]
  addTags: string[]
  setConfidence: number | null
  adjustConfidence: number
  stop: boolean
}

export interface RuleDefinition {
  id: string
  description: string
  /** Lower runs first; ties run in id order. */
  priority: number
  enabled: boolean
  /** CEL, type-checked to bool at start-up. */
  when: string
  then: RuleActions
  /** The file that last defined the rule, for error messages. */
  file: string
}

export interface RuleSet {
  keywords: Record<string, string[]>
  extensions: Record<string, string[]>
  rules: RuleDefinition[]
}

type RawRule = Record<string, unknown>

export function loadRuleSet(defaultPath: string, userPath?: string): RuleSet {
  const base = readRuleFile(defaultPath)
  if (!userPath) return finalise(base)
  const user = readRuleFile(userPath)
  for (const [group, keywords] of Object.entries(user.keywords)) base.keywords[group] = [...(base.keywords[group] ?? []), ...keywords]
  for (const [group, extensions] of Object.entries(user.extensions))
    base.extensions[group] = [...(base.extensions[group] ?? []), ...extensions]
  for (const [id, rule] of user.rules) base.rules.set(id, { ...(base.rules.get(id) ?? {}), ...rule })
  return finalise(base)
}

interface ParsedFile {
  keywords: Record<string, string[]>
  extensions: Record<string, string[]>
  rules: Map<string, RawRule>
}

function readRuleFile(path: string): ParsedFile {
  let document: unknown
  try {
    document = parseYaml(readFileSync(path, 'utf8'))
  } catch (err) {
    throw new RuleFileError(`${path}: ${(err as Error).message.split('\n')[0]}`, { cause: err })
  }
  if (!isObject(document)) throw new RuleFileError(`${path}: expected a mapping with keywords, extensions and rules`)
  const rules = new Map<string, RawRule>()
  for (const [index, rule] of asList(document.rules, `${path}: rules`).entries()) {
    if (!isObject(rule) || typeof rule.id !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(rule.id)) {
      throw new RuleFileError(`${path}: rule ${index + 1} needs an id of lowercase letters, digits and dashes`)
    }
    if (rules.has(rule.id)) throw new RuleFileError(`${path}: rule ${rule.id} is defined twice`)
    rules.set(rule.id, { ...rule, file: path })
  }
  return {
    keywords: readGroups(document.keywords, `${path}: keywords`, (word) => word),
    extensions: readGroups(document.extensions, `${path}: extensions`, (extension) => extension.toLowerCase().replace(/^\./, '')),
    rules,
  }
}

function readGroups(value: unknown, where: string, normalise: (item: string) => string): Record<string, string[]> {
  if (value === undefined || value === null) return {}
  if (!isObject(value)) throw new RuleFileError(`${where}: expected a mapping of group name to list`)
  const groups: Record<string, string[]> = {}
  for (const [group, items] of Object.entries(value)) {
    if (!/^[a-z][a-z0-9_]*$/.test(group)) throw new RuleFileError(`${where}: group name ${group} must be lowercase letters, digits or _`)
    groups[group] = asList(items, `${where}.${group}`).map((item) => {
      if (typeof item !== 'string' && typeof item !== 'number') throw new RuleFileError(`${where}.${group}: every entry must be text`)
      return normalise(String(item))
    })
  }
  return groups
}

function finalise(file: ParsedFile): RuleSet {
  const rules = [...file.rules.values()].map(toRule)
  rules.sort((a, b) => a.priority - b.priority || a.id.localeCompare(b.id))
  return { keywords: file.keywords, extensions: file.extensions, rules }
}

function toRule(raw: RawRule): RuleDefinition {
  const where = `${raw.file}: rule ${raw.id}`
  if (typeof raw.when !== 'string' || !raw.when.trim()) throw new RuleFileError(`${where}: "when" must be a CEL expression`)
  if (typeof raw.priority !== 'number' || !Number.isInteger(raw.priority))
    throw new RuleFileError(`${where}: "priority" must be a whole number`)
  if (raw.enabled !== undefined && typeof raw.enabled !== 'boolean') throw new RuleFileError(`${where}: "enabled" must be true or false`)
  return {
    id: raw.id as string,
    description: typeof raw.description === 'string' ? raw.description : '',
    priority: raw.priority,
    enabled: raw.enabled !== false,
    when: raw.when,
    then: readActions(raw.then, where),
    file: raw.file as string,
  }
}

const ACTIONS = ['delete', 'set_content_type', 'add_categories', 'add_tags', 'set_confidence', 'adjust_confidence', 'stop']

function readActions(value: unknown, where: string): RuleActions {
  if (!isObject(value)) throw new RuleFileError(`${where}: "then" must map actions (${ACTIONS.join(', ')})`)
  const unknown = Object.keys(value).filter((key) => !ACTIONS.includes(key))
  if (unknown.length) throw new RuleFileError(`${where}: unknown action ${unknown[0]} (known: ${ACTIONS.join(', ')})`)
  const contentType = value.set_content_type
  if (contentType !== undefined && !CONTENT_TYPES.includes(contentType as ContentType)) {
    throw new RuleFileError(`${where}: set_content_type must be one of ${CONTENT_TYPES.join(', ')}`)
  }
  const categories = asList(value.add_categories ?? [], `${where}: add_categories`)
  for (const category of categories) {
    if (typeof category !== 'number' || !isKnownCategory(category))
      throw new RuleFileError(`${where}: add_categories has ${category}, not a Torznab category id`)
  }
  const tags = asList(value.add_tags ?? [], `${where}: add_tags`)
  for (const tag of tags) {
    if (!isTagName(tag))
      throw new RuleFileError(`${where}: tag ${String(tag)} must be lowercase words joined by dashes, at most ${TAG_MAX_LENGTH} characters`)
  }
  return {
    delete: readBoolean(value.delete, `${where}: delete`),
    setContentType: (contentType as ContentType | undefined) ?? null,
    addCategories: categories as number[],
    addTags: tags as string[],
    setConfidence: value.set_confidence === undefined ? null : readNumber(value.set_confidence, `${where}: set_confidence`, 0, 1),
    adjustConfidence: value.adjust_confidence === undefined ? 0 : readNumber(value.adjust_confidence, `${where}: adjust_confidence`, -1, 1),
    stop: readBoolean(value.stop, `${where}: stop`),
  }
}

function readBoolean(value: unknown, where: string): boolean {
  if (value === undefined) return false
  if (typeof value !== 'boolean') throw new RuleFileError(`${where} must be true or false`)
  return value
}

function readNumber(value: unknown, where: string, min: number, max: number): number {
  if (typeof value !== 'number' || value < min || value > max) throw new RuleFileError(`${where} must be a number from ${min} to ${max}`)
  return value
}

function asList(value: unknown, where: string): unknown[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) throw new RuleFileError(`${where}: expected a list`)
  return value
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
