import { Layout } from '../layout'

/** What a browser gets when a change could not be saved because the dashboard's disk is full (issue 30.8). */
export function DiskFullPage(props: { message: string }) {
  return (
    <Layout title="The disk is full" active={null} unreadNotifications={0}>
      <p class="banner" role="alert">
        {props.message}
      </p>
      <p>
        <a href="/">Go to the overview</a>
      </p>
    </Layout>
  )
}
