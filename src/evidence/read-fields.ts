import { IntakeError } from './errors'

export type Json = Record<string, unknown>

/** Field readers that name the field in their error: a wrong type is the sender's mistake. */
export function objectAt(parent: Json, key: string, path: string): Json | null {
  const value = parent[key]
  if (value === undefined || value === null) return null
  if (typeof value !== 'object' || Array.isArray(value)) throw new IntakeError(`${path}${key} must be an object`)
  return value as Json
}

export function arrayAt(parent: Json, key: string, path: string): Json[] {
  const value = parent[key]
  if (value === undefined || value === null) return []
  if (!Array.isArray(value) || value.some((item) => !item || typeof item !== 'object'))
    throw new IntakeError(`${path}${key} must be a list of objects`)
  return value as Json[]
}

export function stringAt(parent: Json | null, key: string, path: string): string | null {
  const value = parent?.[key]
  if (value === undefined || value === null || value === '') return null
  if (typeof value !== 'string') throw new IntakeError(`${path}${key} must be a string`)
  return value
}

/** Ids and years: numbers or digit strings; 0 is how the *arr apps say "none". */
export function positiveIntAt(parent: Json | null, key: string, path: string): number | null {
  const number = wholeNumberAt(parent, key, path)
  return number === 0 ? null : number
}

/** Season and episode numbers, where 0 is real (specials). */
export function wholeNumberAt(parent: Json | null, key: string, path: string): number | null {
  const value = parent?.[key]
  if (value === undefined || value === null || value === '') return null
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0)
    throw new IntakeError(`${path}${key} must be a whole number`)
  return number
}
