import { FormField } from './form-field'
import { CONTENT_TYPES, contentTypeLabel, resolveTvAlias } from '../../src/vocabulary'

/** What a want form holds, as typed (re-shown with errors beside the fields). */
export interface WantFormValues {
  title: string
  content_type: string
  query: string
  priority: string
  notes: string
}

/** One message per field the dashboard refused. */
export type WantFormErrors = Partial<Record<keyof WantFormValues, string>>

export const EMPTY_WANT: WantFormValues = { title: '', content_type: 'movie', query: '', priority: 'medium', notes: '' }

const FIELD_ORDER = ['title', 'content_type', 'query', 'priority', 'notes'] as const

/** The fields of a want, with ids under `prefix` so the create form and an edit form can share a page. */
export function WantFields(props: {
  prefix: string
  values: WantFormValues
  errors: WantFormErrors
  /** Focus the first field in error, else the title: the form replaced what had the focus (htmx focuses `autofocus`). */
  takesFocus?: boolean
}) {
  const { prefix, values, errors } = props
  const focused = props.takesFocus ? (FIELD_ORDER.find((field) => errors[field]) ?? 'title') : null
  const invalid = (field: keyof WantFormValues) => ({
    ...(errors[field] ? { 'aria-invalid': 'true', 'aria-describedby': `${prefix}-${field}-error` } : {}),
    ...(field === focused ? { autofocus: true } : {}),
  })
  const contentType = resolveTvAlias(values.content_type)
  return (
    <div class="row want-fields">
      <FormField id={`${prefix}-title`} label="Title" error={errors.title}>
        <input id={`${prefix}-title`} name="title" value={values.title} maxlength={200} {...invalid('title')} />
      </FormField>
      <FormField id={`${prefix}-content_type`} label="Content type" error={errors.content_type}>
        <select id={`${prefix}-content_type`} name="content_type" {...invalid('content_type')}>
          {CONTENT_TYPES.map((type) => (
            <option value={type} selected={type === contentType}>
              {contentTypeLabel(type)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={`${prefix}-query`} label="Query" error={errors.query}>
        <input id={`${prefix}-query`} name="query" value={values.query} maxlength={500} {...invalid('query')} />
      </FormField>
      <FormField id={`${prefix}-priority`} label="Priority" error={errors.priority}>
        <select id={`${prefix}-priority`} name="priority" {...invalid('priority')}>
          {['low', 'medium', 'high'].map((priority) => (
            <option value={priority} selected={priority === values.priority}>
              {priority[0]!.toUpperCase() + priority.slice(1)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={`${prefix}-notes`} label="Notes" error={errors.notes} wide>
        <textarea id={`${prefix}-notes`} name="notes" rows={2} maxlength={2000} {...invalid('notes')}>
          {values.notes}
        </textarea>
      </FormField>
    </div>
  )
}
