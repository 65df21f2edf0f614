import { Layout } from '../layout'

/** What a browser gets at an address the dashboard has no page for (a stale bookmark, a typo). */
export function NotFoundPage() {
  return (
    <Layout title="Page not found" active={null} unreadNotifications={0} nav={false}>
      <p class="card">
        There is no page at this address. <a href="/">Go to the overview</a>
      </p>
    </Layout>
  )
}
