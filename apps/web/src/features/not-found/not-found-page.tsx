import { Link, useLocation } from 'react-router';
import { t } from '../../i18n/i18n';
import { tRich } from '../../i18n/rich';

/** A helpful page for a mistyped address (the server answers it with HTTP 404). */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="container page-section not-found">
      <h1>{t('common.notFound.heading')}</h1>
      <p>{tRich('common.notFound.text', { path: pathname }, { code: (path) => <code>{path}</code> })}</p>
      <ul className="not-found__links">
        <li>
          <Link className="button button--primary" to="/App">
            {t('common.notFound.findStation')}
          </Link>
        </li>
        <li>
          <Link to="/">{t('common.notFound.home')}</Link>
        </li>
        <li>
          <Link to="/pricing">{t('common.notFound.pricing')}</Link>
        </li>
        <li>
          <Link to="/contact">{t('common.notFound.contact')}</Link>
        </li>
      </ul>
    </section>
  );
}
