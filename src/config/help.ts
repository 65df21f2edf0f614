import { variables, type Variable } from './variables'

/** The configuration table printed by `--help`: one variable per block, in declaration order. */
export function renderConfigHelp(): string {
  const lines = ['Environment variables:', '']
  for (const [name, declaration] of Object.entries(variables) as [string, Variable<unknown>][]) {
    const defaultText = declaration.default === undefined ? 'unset' : declaration.default
    lines.push(`  ${name}  (default: ${defaultText}; ${declaration.type.accepts})`)
    lines.push(`      ${declaration.why}`)
  }
  return lines.join('\n')
}
