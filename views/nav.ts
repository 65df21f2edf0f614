/** Every page of the dashboard, in nav order (DESIGN.md 5.8): the layout links them all. */
export const PAGES = [
  { path: '/', label: 'Overview' },
  { path: '/library', label: 'Library' },
  { path: '/wants', label: 'Wants' },
  { path: '/evidence', label: 'Evidence' },
  { path: '/notifications', label: 'Notifications' },
  { path: '/settings', label: 'Settings' },
  { path: '/setup', label: 'Setup' },
] as const

export type PagePath = (typeof PAGES)[number]['path']
