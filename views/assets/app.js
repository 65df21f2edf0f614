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
