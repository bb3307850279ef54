import { Link } from 'react-router';
import { pagePath, t } from '../i18n/i18n';
import { tRich } from '../i18n/rich';

/** The routing-error view of spec section 2: 'Unexpected Application Error!' with the status or message. */
export function RouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <main className="route-error" role="alert">
      <h1>{t('common.routeError.heading')}</h1>
      <p className="route-error__detail">{detail}</p>
      <p>
        {tRich(
          'common.routeError.actions',
          {},
          {
            home: (children) => <a href={pagePath('/')}>{children}</a>,
            finder: (children) => <Link to="/App">{children}</Link>,
          },
        )}
      </p>
    </main>
  );
}
