import { join } from 'node:path'
import { type ContentType, parentCategoryOf } from '../vocabulary'
import { categoriesFor } from './categories'
import { consolePlatformTag } from './console-platform'
import { encodeExplanation, type LabelSource, withModelAnswer } from './explanation/explanation-codes'
import type { ParsedRelease } from './model'
import { parseReleaseName } from './release-name/parse-release-name'
import { buildFacts, type ClassifierInput } from './rules/build-facts'
import { compileRules, type CompiledRules } from './rules/rule-engine'
import { loadRuleSet } from './rules/rule-file'

export const DEFAULT_RULES_PATH = join(import.meta.dirname, 'rules/default-rules.yml')

/** Identifiers of the film or show a torrent holds, known only from ground truth. */
export interface ExternalIds {
  imdb: string | null
  tmdb: number | null
  tvdb: number | null
  tvmaze: number | null
}

/** What an *arr client confirmed about a torrent it downloaded and imported (evidence issue). */
export interface GroundTruthLabel extends ExternalIds {
  contentType: ContentType
  title: string | null
  year: number | null
  seasons: number[]
  episodes: number[]
  /** Who reported it, for the explanation; absent where the label was made without a report. */
  source?: LabelSource
}

export interface Classification {
  contentType: ContentType
  /** Torznab ids, each sub-category with its parent, ascending. */
  categories: number[]
  parsed: ParsedRelease
  /** 0-1; 1 for a confirmed label. */
  confidence: number
  tags: string[]
  firedRules: string[]
  /** `confirmed` when ground truth decided, `pending` when only rules did. */
  status: 'pending' | 'confirmed'
  externalIds: ExternalIds
  /** A rule stopped the chain or a label decided: no rerank is needed. */
  isDefinitive: boolean
  /** Why it came out so, as the compact code list stored beside it (explanation/explanation-codes.ts). */
  explanation: string
}

export type ClassifyOutcome = { deletedBy: string } | { deletedBy: null; classification: Classification }

/** The confidence of a torrent no rule could place. */
const UNPLACED_CONFIDENCE = 0.2

const NO_IDS: ExternalIds = { imdb: null, tmdb: null, tvdb: null, tvmaze: null }

/** Loads and compiles the default rules plus an operator's file; a bad rule throws RuleFileError. */
export function loadClassifier(options: { rulesPath?: string } = {}) {
  return createClassifier(compileRules(loadRuleSet(DEFAULT_RULES_PATH, options.rulesPath)))
}

export function createClassifier(rules: CompiledRules) {
  return {
    /** A rule's description in the rules in force, for explanations; null when it has none. */
    describeRule: rules.describe,
    /**
     * Classifies one torrent. A ground-truth label preempts the chain's decisions (type,
     * confidence 1.0, its ids and episode data win), but the chain still runs for its tags and
     * for deletion: a banned torrent is deleted whatever a client said.
     */
    classify(input: ClassifierInput, label: GroundTruthLabel | null = null): ClassifyOutcome {
      const parsed = applyLabel(parseReleaseName(input.name), label)
      const facts = buildFacts(input, parsed, rules.extensionGroups)
      const outcome = rules.run(facts, label?.contentType ?? null)
      if (outcome.deletedBy) return { deletedBy: outcome.deletedBy }

      const contentType = label?.contentType ?? outcome.contentType ?? 'other'
      const tags = contentType === 'game' && outcome.tags.includes('console') ? withPlatform(outcome.tags, input) : outcome.tags
      const derived = categoriesFor(contentType, parsed, new Set(tags))
      return {
        deletedBy: null,
        classification: {
          contentType,
          categories: withParents(label ? derived : [...derived, ...outcome.categories]),
          parsed,
          confidence: label ? 1 : outcome.contentType ? outcome.confidence : UNPLACED_CONFIDENCE,
          tags,
          firedRules: outcome.firedRules,
          status: label ? 'confirmed' : 'pending',
          externalIds: label ? { imdb: label.imdb, tmdb: label.tmdb, tvdb: label.tvdb, tvmaze: label.tvmaze } : NO_IDS,
          isDefinitive: label !== null || outcome.stopped,
          explanation: encodeExplanation(outcome.decided, label && { source: label.source ?? null }, outcome),
        },
      }
    },
  }
}

export type Classifier = ReturnType<typeof createClassifier>

/**
 * The same classification with another content type (the rerank model's answer): categories
 * follow the type, tags and parsed fields stay, `reason` joins the fired rules so an operator can
 * see what changed it, and the explanation keeps the model's answer beside what the rules said.
 */
export function withContentType(
  classification: Classification,
  contentType: ContentType,
  confidence: number,
  reason: string,
  model: string,
): Classification {
  return {
    ...classification,
    contentType,
    categories: withParents(categoriesFor(contentType, classification.parsed, new Set(classification.tags))),
    confidence,
    firedRules: [...classification.firedRules, reason],
    isDefinitive: true,
    explanation: withModelAnswer(classification.explanation, contentType, model, classification),
  }
}

/** A console game's tags with its platform's (console-platform.ts), when it names one. */
function withPlatform(tags: string[], input: ClassifierInput): string[] {
  const platform = consolePlatformTag(input.name, input.files)
  return platform === null || tags.includes(platform) ? tags : [...tags, platform]
}

function applyLabel(parsed: ParsedRelease, label: GroundTruthLabel | null): ParsedRelease {
  if (!label) return parsed
  return {
    ...parsed,
    title: label.title ?? parsed.title,
    year: label.year ?? parsed.year,
    seasons: label.seasons.length > 0 ? label.seasons : parsed.seasons,
    episodes: label.episodes.length > 0 ? label.episodes : parsed.episodes,
  }
}

/** A handful of ids, kept in order as they are added (Array#sort's fixed cost showed in the classify profile). */
function withParents(categories: number[]): number[] {
  const all: number[] = []
  const add = (id: number) => {
    if (all.includes(id)) return
    let i = all.length
    all.push(id)
    for (; i > 0 && all[i - 1]! > id; i--) all[i] = all[i - 1]!
    all[i] = id
  }
  for (const category of categories) {
    add(category)
    add(parentCategoryOf(category) ?? category)
  }
  return all
}
