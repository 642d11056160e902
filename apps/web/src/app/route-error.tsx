import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

/** The router-level error page (spec part 1 §8: 'Unexpected Application Error!'). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="container narrow" style={{ padding: '4rem 1rem' }}>
      <h1>Unexpected Application Error!</h1>
      <p className="error-text">{message}</p>
      <p>
        <Link to="/">Back to the home page</Link> or{' '}
        <button type="button" className="btn btn-link" onClick={() => window.location.reload()}>
          reload
        </button>
        .
      </p>
    </main>
  );
}

export function NotFound() {
  return (
    <main className="container narrow center-text" style={{ padding: '4rem 1rem' }}>
      <h1>Page not found</h1>
      <p className="muted">The page you asked for does not exist or has moved.</p>
      <Link className="btn btn-primary" to="/">
        Go to the home page
      </Link>
    </main>
  );
}
