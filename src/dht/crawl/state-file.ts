import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { NodeContact } from '../protocol/compact'

/** What the crawler keeps between runs: its node id (other nodes know it) and nodes that answered. */
export interface SavedCrawlerState {
  nodeId: string
  nodes: NodeContact[]
}

const HEX_ID = /^[0-9a-f]{40}$/

/**
 * Reads the saved state; a missing or damaged file yields a fresh id and no nodes (the crawler
 * then bootstraps from the routers), with the reason for the log.
 */
export function loadCrawlerState(path: string): { state: SavedCrawlerState; problem: string | null } {
  const fresh = { nodeId: randomBytes(20).toString('hex'), nodes: [] }
  let raw: string
  try {
    raw = readFileSync(path, 'utf8')
  } catch {
    return { state: fresh, problem: null }
  }
  try {
    const parsed = JSON.parse(raw) as Partial<SavedCrawlerState>
    if (typeof parsed.nodeId !== 'string' || !HEX_ID.test(parsed.nodeId) || !Array.isArray(parsed.nodes))
      throw new Error('unexpected shape')
    const nodes = parsed.nodes.filter(
      (node): node is NodeContact =>
        typeof node?.id === 'string' &&
        HEX_ID.test(node.id) &&
        typeof node.host === 'string' &&
        Number.isInteger(node.port) &&
        node.port > 0 &&
        node.port < 65536,
    )
    return { state: { nodeId: parsed.nodeId, nodes }, problem: null }
  } catch (err) {
    return { state: fresh, problem: `ignored ${path}: ${(err as Error).message}` }
  }
}

/** Written beside and renamed over, so a crash mid-write leaves the previous file whole. */
export function saveCrawlerState(path: string, state: SavedCrawlerState): void {
  mkdirSync(dirname(path), { recursive: true })
  const partial = `${path}.partial`
  writeFileSync(partial, JSON.stringify(state))
  renameSync(partial, path)
}
