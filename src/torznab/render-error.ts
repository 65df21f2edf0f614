import { XML_DECLARATION, xmlText } from './xml'

/** Root `<error>` with exactly `code` and `description` (R45). */
export function renderError(code: number, description: string): string {
  return `${XML_DECLARATION}<error code="${code}" description="${xmlText(description)}"/>\n`
}
