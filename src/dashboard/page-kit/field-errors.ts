import type { BadRequestError } from '../../http'

/**
 * A service's refusal ("query: must hold a word") as a sentence beside the field it names
 * ("Must hold a word."); under `fallback` when it names none of `fields`.
 */
export function fieldErrorOf<F extends string>(err: BadRequestError, fields: readonly F[], fallback: F): Partial<Record<F, string>> {
  const [field, ...rest] = err.message.split(': ')
  const message = rest.join(': ') || err.message
  const name = fields.find((known) => known === field) ?? fallback
  return { [name]: `${message[0]!.toUpperCase()}${message.slice(1)}${message.endsWith('.') ? '' : '.'}` } as Partial<Record<F, string>>
}

/** A form field posted once (a string) or repeated (checkboxes: an array), as a list. */
export function formList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string')
  return typeof value === 'string' ? [value] : []
}

/** A form field as text: '' when absent or not text. */
export function formText(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | null | undefined)?.[name]
  return typeof value === 'string' ? value : ''
}
