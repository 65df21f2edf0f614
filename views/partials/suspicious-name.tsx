/** What the badge means, on hover and to screen readers alike. */
const WHY =
  'Its name or a file path holds characters that hide themselves or reverse the text after them, shown as ⟨U+…⟩: a program may be dressed as a document.'

/** The "suspicious name" badge of a torrent whose name or file paths hold hidden characters (issue 29.3). */
export function SuspiciousNameBadge() {
  return (
    <span class="tag bad" title={WHY}>
      Suspicious name
    </span>
  )
}

/** The detail page's explanation, above the facts. */
export function SuspiciousNameNotice() {
  return (
    <p class="banner" role="note">
      <SuspiciousNameBadge /> {WHY} What is shown here is what the torrent really says; it is stored and served to the *arr apps unchanged.
    </p>
  )
}
