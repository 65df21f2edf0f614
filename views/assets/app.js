// Copy buttons: <button data-copy="text">. Everything else is htmx.
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('[data-copy]') : null
  if (!button) return
  const text = button.getAttribute('data-copy') ?? ''
  const done = () => {
    const label = button.textContent
    button.textContent = 'Copied'
    setTimeout(() => {
      button.textContent = label
    }, 1500)
  }
  if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, () => {})
})

// Row selection for bulk actions: boxes belong to a form by their `form` attribute;
// [data-select-all="<form id>"] ticks or clears them all, [data-selection-count="<form id>"] says how many are ticked.
const boxesOf = (formId) => [...document.querySelectorAll(`input[type="checkbox"][form="${formId}"]`)]

const showSelection = (formId) => {
  const boxes = boxesOf(formId)
  const ticked = boxes.filter((box) => box.checked).length
  for (const all of document.querySelectorAll(`[data-select-all="${formId}"]`)) {
    all.checked = ticked > 0 && ticked === boxes.length
    all.indeterminate = ticked > 0 && ticked < boxes.length
  }
  for (const count of document.querySelectorAll(`[data-selection-count="${formId}"]`))
    count.textContent = ticked === 0 ? 'None selected' : `${ticked} selected`
}

const showAllSelections = () => {
  for (const count of document.querySelectorAll('[data-selection-count]')) showSelection(count.getAttribute('data-selection-count'))
}

document.addEventListener('change', (event) => {
  const box = event.target
  if (!(box instanceof HTMLInputElement) || box.type !== 'checkbox') return
  const allOf = box.getAttribute('data-select-all')
  if (allOf) {
    for (const each of boxesOf(allOf)) each.checked = box.checked
    showSelection(allOf)
  } else if (box.hasAttribute('form')) showSelection(box.getAttribute('form'))
})
// A search swaps the rows (their boxes start clear); a browser's back button restores ticks.
document.addEventListener('htmx:afterSettle', showAllSelections)
window.addEventListener('pageshow', showAllSelections)
