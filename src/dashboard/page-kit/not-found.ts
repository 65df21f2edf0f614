import { Elysia } from 'elysia'
import { NotFoundPage } from '../../../views/pages/not-found'
import { htmlPage } from './render'

/**
 * An unknown address asked for by a browser (a page, not the API or an asset) answers a page
 * saying so; everything else keeps the JSON 404 of the error plugin registered after this one.
 * No identity is needed to learn that an address is nothing.
 */
export const pageNotFound = new Elysia({ name: 'dashboard-page-not-found' }).onError({ as: 'scoped' }, ({ code, request }) => {
  if (code !== 'NOT_FOUND' || !isPageRequest(request)) return
  return htmlPage(NotFoundPage(), 404)
})

function isPageRequest(request: Request): boolean {
  const { pathname } = new URL(request.url, 'http://localhost')
  const isRead = request.method === 'GET' || request.method === 'HEAD'
  return isRead && !pathname.startsWith('/api/') && (request.headers.get('accept') ?? '').includes('text/html')
}
