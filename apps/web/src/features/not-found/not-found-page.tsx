import { Link, useLocation } from 'react-router';

/** A helpful page for a mistyped address (the server answers it with HTTP 404). */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="container page-section not-found">
      <h1>Page not found</h1>
      <p>
        There is no page at <code>{pathname}</code>. Maybe the link is old or the address has a typo.
      </p>
      <ul className="not-found__links">
        <li>
          <Link className="button button--primary" to="/App">
            Find the nearest CNG station
          </Link>
        </li>
        <li>
          <Link to="/">Home</Link>
        </li>
        <li>
          <Link to="/pricing">Pricing</Link>
        </li>
        <li>
          <Link to="/contact">Contact us</Link>
        </li>
      </ul>
    </section>
  );
}
