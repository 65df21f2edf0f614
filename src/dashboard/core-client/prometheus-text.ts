/**
 * Whether a document is Prometheus' text exposition format (0.0.4), what /api/metrics may pass on
 * (issue 30.4): every line blank, a comment (`# HELP` and `# TYPE` well formed), or a sample
 * `name{label="value",...} value [timestamp]`, with at least one sample. Anything else (a page,
 * a file, another service's answer) is not the core's metrics, whatever URL it came from.
 */
const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*'
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\.)*"'
const VALUE = '(?:[+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?|[+-]?Inf|NaN)'
const SAMPLE = new RegExp(`^${NAME}(?:\\{(?:${LABEL}(?:,${LABEL})*,?)?\\})?[ \\t]+${VALUE}(?:[ \\t]+-?\\d+)?[ \\t]*$`)
const HELP = new RegExp(`^# HELP ${NAME}(?: .*)?$`)
const TYPE = new RegExp(`^# TYPE ${NAME} (?:counter|gauge|histogram|summary|untyped)[ \\t]*$`)

export function isPrometheusText(text: string): boolean {
  let samples = 0
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    if (line.startsWith('# HELP') && !HELP.test(line)) return false
    if (line.startsWith('# TYPE') && !TYPE.test(line)) return false
    if (line.startsWith('#')) continue
    if (!SAMPLE.test(line)) return false
    samples++
  }
  return samples > 0
}

/** Whether a Content-Type is the text format's: `text/plain`, with `version=0.0.4` when a version is named. */
export function isPrometheusContentType(contentType: string | null): boolean {
  const [mediaType, ...parameters] = (contentType ?? '').split(';').map((part) => part.trim().toLowerCase())
  if (mediaType !== 'text/plain') return false
  const version = parameters.find((parameter) => parameter.startsWith('version='))
  return version === undefined || version === 'version=0.0.4'
}
