import type { PriorityLabel } from './model'

/** DESIGN.md 3.2: the labels stand for these values, and a value reads back as the label of its third. */
const VALUE_OF_LABEL: Readonly<Record<PriorityLabel, number>> = { low: 25, medium: 50, high: 75 }

export function priorityValue(priority: PriorityLabel | number): number {
  return typeof priority === 'number' ? priority : VALUE_OF_LABEL[priority]
}

export function priorityLabel(value: number): PriorityLabel {
  if (value < 34) return 'low'
  return value < 67 ? 'medium' : 'high'
}
