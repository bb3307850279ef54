import { isRouteErrorResponse, Link } from 'react-router';

/** The routing-error view of spec section 2: 'Unexpected Application Error!' with the status or message. */
export function RouteError({ error }: { error: unknown }) {
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="route-error" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p className="route-error__detail">{detail}</p>
      <p>
        <a href="/">Reload the home page</a> or <Link to="/App">open the station finder</Link>.
      </p>
    </main>
  );
}
