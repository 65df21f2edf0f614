import { Layout } from '../layout'

export interface LoginPageProps {
  /** Where to go after signing in: a path of this site (the route makes sure). */
  next: string
  error?: string
}

/**
 * The sign-in page of AUTH_METHOD=forms (DESIGN.md 3.9): one labelled field for the dashboard API
 * key. No nav (nothing else opens before signing in) and no script needed: a plain form post.
 */
export function LoginPage(props: LoginPageProps) {
  return (
    <Layout title="Sign in" active={null} unreadNotifications={0} nav={false}>
      <form class="card login" method="post" action="/login">
        {props.error ? (
          <p class="error" role="alert">
            {props.error}
          </p>
        ) : null}
        <input type="hidden" name="next" value={props.next} />
        <div class="field">
          <label for="api_key">Dashboard API key</label>
          <input id="api_key" name="api_key" type="password" autocomplete="current-password" required autofocus />
        </div>
        <button type="submit">Sign in</button>
        <p class="muted">The key set in DASHBOARD_API_KEY, or the one last regenerated on the Settings page.</p>
      </form>
    </Layout>
  )
}
