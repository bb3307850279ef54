import { Link } from 'react-router';
import { FadeIn } from '../../components/fade-in';
import { site } from '../../config/site';
import { home } from '../../content/home';
import { t } from '../../i18n/i18n';
import { InstallAppButton } from '../../pwa/install-app-button';

/** The footer-style closing block: product title, tagline, the web app and (when configured) the store listing. */
export function HomeClosing() {
  const { closing } = home;
  return (
    <section className="closing">
      <FadeIn className="container closing__inner">
        <h2>{site.name}</h2>
        <p className="closing__tagline">{t(closing.tagline)}</p>
        <p>{t(closing.appNote)}</p>
        <div className="closing__actions">
          <Link className="button button--light button--large" to="/App">
            {t(closing.appLinkText)}
          </Link>
          <InstallAppButton
            className="button button--outline-light button--large"
            hintClassName="closing__hint"
          />
          {site.appStoreUrl && (
            <a className="button button--outline-light" href={site.appStoreUrl} rel="noopener noreferrer">
              {t(closing.storeLinkText)}
            </a>
          )}
        </div>
      </FadeIn>
    </section>
  );
}
