// Copy buttons, row selection, the facet panel and the Back button. Everything else is htmx.

// Copy: <button data-copy="text">, and <button data-copy-selection="<form id>"> for the ticked rows' magnets.
// The clipboard API exists only on HTTPS and localhost; a NAS dashboard is usually plain HTTP
// (http://nas.lan:8080), where the older copy command still works from a click. When neither
// does, the text is shown selected beside the button for the person to copy.
const copyKey = /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘C' : 'Ctrl+C'

const copyWithCommand = (text) => {
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.setAttribute('aria-hidden', 'true')
  area.style.position = 'fixed'
  area.style.top = '0'
  area.style.left = '0'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  let copied = false
  try {
    copied = document.execCommand('copy')
  } catch {
    copied = false
  }
  area.remove()
  return copied
}

const copyText = async (text) => {
  if (window.isSecureContext && navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text)
      return true
    } catch {
      // Refused (no permission): the command may still be allowed.
    }
  }
  return copyWithCommand(text)
}

/** Says what a copy did on its button for a moment, and to screen readers. */
const tell = (button, message) => {
  let status = document.getElementById('copy-status')
  if (!status) {
    status = document.createElement('span')
    status.id = 'copy-status'
    status.className = 'visually-hidden'
    status.setAttribute('role', 'status')
    document.body.append(status)
  }
  status.textContent = message
  button.dataset.label ??= button.innerHTML
  button.textContent = message
  clearTimeout(Number(button.dataset.timer))
  button.dataset.timer = String(
    setTimeout(() => {
      button.innerHTML = button.dataset.label
      delete button.dataset.label
    }, 2000),
  )
}

/** The copy could not be made: the text, selected, beside the button. */
const showForManualCopy = (button, text) => {
  let field = button.nextElementSibling
  if (!field?.classList.contains('copy-manual')) {
    field = document.createElement('textarea')
    field.className = 'copy-manual'
    field.setAttribute('readonly', '')
    field.setAttribute('aria-label', 'Text to copy')
    button.after(field)
  }
  field.value = text
  field.rows = Math.min(6, text.split('\n').length)
  field.focus()
  field.select()
  tell(button, `Press ${copyKey}`)
}

const magnetsOf = (formId) =>
  boxesOf(formId)
    .filter((box) => box.checked && box.dataset.magnet)
    .map((box) => box.dataset.magnet)

document.addEventListener('click', async (event) => {
  const button = event.target instanceof Element ? event.target.closest('[data-copy], [data-copy-selection]') : null
  if (!button) return
  const selection = button.getAttribute('data-copy-selection')
  const text = selection ? magnetsOf(selection).join('\n') : (button.getAttribute('data-copy') ?? '')
  if (text === '') return tell(button, 'Tick a torrent first')
  const count = selection ? text.split('\n').length : 0
  if (await copyText(text)) tell(button, selection ? `Copied ${count} ${count === 1 ? 'magnet' : 'magnets'}` : 'Copied')
  else showForManualCopy(button, text)
})

// Row selection for bulk actions: boxes belong to a form by their `form` attribute;
// [data-select-all="<form id>"] ticks or clears them all, [data-selection-count="<form id>"] says how many are ticked.
const boxesOf = (formId) => [...document.querySelectorAll(`input[type="checkbox"][form="${formId}"]:not([data-select-all])`)]

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

// The library's filters fold away on a phone and stand open beside the list on a wider screen.
const openWidePanels = () => {
  if (!window.matchMedia('(min-width: 60rem)').matches) return
  for (const panel of document.querySelectorAll('details[data-open-wide]')) panel.open = true
}
document.addEventListener('DOMContentLoaded', openWidePanels)

// htmx keeps a copy of each page's markup for the Back button, taken as a search leaves it, when
// the search box, the order or a tick already shows the next search. A form that follows the
// address (data-follows-address) is set from the address after a page comes back, so it shows
// what made the list below it. Its boxes outside it (form="…") are among its elements.
const followAddress = () => {
  const params = new URLSearchParams(location.search)
  for (const form of document.querySelectorAll('form[data-follows-address]')) {
    for (const field of form.elements) {
      if (!field.name) continue
      const values = params.getAll(field.name)
      if (field instanceof HTMLInputElement && field.type === 'checkbox') field.checked = values.includes(field.value)
      else if (field instanceof HTMLSelectElement) field.value = values[0] ?? field.options[0]?.value ?? ''
      else if (field instanceof HTMLInputElement && (field.type === 'search' || field.type === 'text')) field.value = values[0] ?? ''
    }
  }
}
document.addEventListener('htmx:historyRestore', followAddress)
window.addEventListener('pageshow', followAddress)
