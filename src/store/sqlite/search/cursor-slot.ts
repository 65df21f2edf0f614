/**
 * One statement's iteration, read a block at a time. While a search's snapshot lasts, the
 * iteration stays open between blocks: the call that continues where the last block stopped steps
 * on from there, as one lazy walk of the statement did before the search moved behind its port,
 * with no seek and no row read twice. Any other call starts a fresh iteration.
 */
export function createCursorSlot<Row>() {
  let open: { rows: Iterator<Row>; resumeAt: string } | null = null

  const close = () => {
    open?.rows.return?.()
    open = null
  }

  return {
    /**
     * Up to `limit` rows: the open iteration's when it stopped at `resumeAt`, else those of
     * `start()`. `isEnd` once the statement has no row left. `positionOf` names where a row leaves
     * the iteration, for the next call's `resumeAt`.
     */
    take(resumeAt: string, start: () => Iterator<Row>, limit: number, positionOf: (row: Row) => string): { rows: Row[]; isEnd: boolean } {
      if (open?.resumeAt !== resumeAt) {
        close()
        open = { rows: start(), resumeAt }
      }
      const rows: Row[] = []
      while (rows.length < limit) {
        const next = open.rows.next()
        if (next.done) {
          open = null
          return { rows, isEnd: true }
        }
        rows.push(next.value)
      }
      if (rows.length > 0) open.resumeAt = positionOf(rows.at(-1)!)
      return { rows, isEnd: false }
    },

    /** Ends the open iteration, so that its statement can run again. */
    close,
  }
}
