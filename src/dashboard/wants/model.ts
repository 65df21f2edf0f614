import { t } from 'elysia'
import { WANT_CONTENT_TYPES } from '../../vocabulary'

export const WANT_STATUSES = ['active', 'paused', 'fulfilled'] as const
export type WantStatus = (typeof WANT_STATUSES)[number]

/** A want as the API shows it (spec 2.1; `priority` is the label and `priority_value` the stored 0-100, DESIGN.md 3.2). */
export interface Want {
  id: string
  title: string
  content_type: string
  query: string
  priority: PriorityLabel
  priority_value: number
  status: WantStatus
  notes: string
  created_at: string
  updated_at: string
  /** The info hash of the torrent that fulfilled it, when the indexer did; null otherwise. */
  fulfilled_by: string | null
}

export type PriorityLabel = 'low' | 'medium' | 'high'

const PRIORITY = t.Union([t.Union([t.Literal('low'), t.Literal('medium'), t.Literal('high')]), t.Integer({ minimum: 0, maximum: 100 })], {
  error: 'must be low, medium, high or a whole number from 0 to 100',
})
const TEXT = (maxLength: number) => t.String({ minLength: 1, maxLength, error: `must be text of 1 to ${maxLength} characters` })
/** Literals, not t.UnionEnum: Elysia fills an absent UnionEnum with its first value, so an update that left the field out would change it. */
const oneOf = <T extends string>(values: readonly T[]) =>
  t.Union(
    values.map((value) => t.Literal(value)),
    { error: `must be one of ${values.join(', ')}` },
  )
const CONTENT_TYPE = oneOf(WANT_CONTENT_TYPES)
const STATUS = oneOf(WANT_STATUSES)
const NOTES = t.String({ maxLength: 2000, error: 'must be text of at most 2000 characters' })

export const CreateWantBody = t.Object({
  title: TEXT(200),
  content_type: CONTENT_TYPE,
  query: TEXT(500),
  priority: PRIORITY,
  notes: t.Optional(NOTES),
})
export type CreateWantInput = typeof CreateWantBody.static

export const UpdateWantBody = t.Object({
  title: t.Optional(TEXT(200)),
  content_type: t.Optional(CONTENT_TYPE),
  query: t.Optional(TEXT(500)),
  priority: t.Optional(PRIORITY),
  status: t.Optional(STATUS),
  notes: t.Optional(NOTES),
})
export type UpdateWantInput = typeof UpdateWantBody.static

export const WantParams = t.Object({ id: t.String({ maxLength: 64 }) })
