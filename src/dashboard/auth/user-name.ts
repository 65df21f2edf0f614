/** Longest user name taken from a header or a token; longer is refused, not cut. */
const MAX_USER_NAME_LENGTH = 256

/**
 * A user name from a proxy header or a token's `sub`, or undefined when it is empty, too long or
 * holds a control character (which could forge lines in logs or split headers).
 */
export function readUserName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  return value.length > 0 && value.length <= MAX_USER_NAME_LENGTH && !/[\x00-\x1f\x7f]/.test(value) ? value : undefined
}
