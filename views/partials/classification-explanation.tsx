/** Why a torrent has its type, as the core explains it (issue 34): what decided, then each step. */
export interface ClassificationExplanationProps {
  explanation: { decided_by: string; steps: string[] } | null
}

/** What decided, in words: a rule's id is shown as the rules file names it. */
function decidedByText(decidedBy: string): string {
  if (decidedBy === 'ground_truth') return 'ground truth (an *arr import)'
  if (decidedBy === 'llm_rerank') return 'the LLM rerank'
  if (decidedBy === 'no_rule') return 'no rule (Other by default)'
  return `rule ${decidedBy}`
}

/** The detail page's "Why this type" section. */
export function ClassificationExplanation(props: ClassificationExplanationProps) {
  const { explanation } = props
  return (
    <section aria-labelledby="why-this-type">
      <h2 id="why-this-type">Why this type</h2>
      {explanation ? (
        <div class="card explanation">
          <p>
            Decided by <strong>{decidedByText(explanation.decided_by)}</strong>
          </p>
          <ol>
            {explanation.steps.map((step) => (
              <li>{step}</li>
            ))}
          </ol>
        </div>
      ) : (
        <p class="muted">
          Classified before explanations were kept. <code>bun run cli reclassify --all</code> fills them in.
        </p>
      )}
    </section>
  )
}
