import { Link } from 'react-router';
import { site } from '../../config/site';
import { intlLocale, type MessageId, t } from '../../i18n/i18n';
import { tRich } from '../../i18n/rich';
import { SMOOTH_TO_TOP } from '../../lib/scroll-to-top';

const IMPORTANT_LINKS = [
  { to: '/App', label: 'common.nav.app' },
  { to: '/terms-and-conditions', label: 'common.footer.terms' },
  { to: '/privacy-policy', label: 'common.footer.privacy' },
  { to: '/cancellation-and-refund-policy', label: 'common.footer.refund' },
] as const satisfies readonly { to: string; label: MessageId }[];

/** Footer of spec section 2: who we are, how to reach us, Important Links (each scrolls smoothly to the top). */
export function SiteFooter() {
  const year = new Intl.NumberFormat(intlLocale(), { useGrouping: false }).format(new Date().getFullYear());
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{site.name}</h2>
          <p>{t('common.footer.description')}</p>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t('common.footer.reachUs')}</h2>
          <address>
            <p>{site.address}</p>
            {site.phone && (
              <p>
                {tRich(
                  'common.footer.phone',
                  { phone: site.phone },
                  {
                    link: (children) => <a href={`tel:${site.phone?.replace(/[^\d+]/g, '')}`}>{children}</a>,
                  },
                )}
              </p>
            )}
            {site.email && (
              <p>
                {tRich(
                  'common.footer.email',
                  { email: site.email },
                  { link: (children) => <a href={`mailto:${site.email}`}>{children}</a> },
                )}
              </p>
            )}
            <p>
              {tRich(
                'common.footer.sendMessage',
                {},
                {
                  link: (children) => (
                    <Link to="/contact" state={SMOOTH_TO_TOP}>
                      {children}
                    </Link>
                  ),
                },
              )}
            </p>
          </address>
          {(site.socialUrl || site.chatUrl) && (
            <ul className="footer-social">
              {site.socialUrl && (
                <li>
                  <a href={site.socialUrl} rel="noopener noreferrer" target="_blank">
                    {t('common.footer.followUs')}
                  </a>
                </li>
              )}
              {site.chatUrl && (
                <li>
                  <a href={site.chatUrl} rel="noopener noreferrer" target="_blank">
                    {t('common.footer.chatWithUs')}
                  </a>
                </li>
              )}
            </ul>
          )}
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links">{t('common.footer.importantLinks')}</h2>
          <ul>
            {IMPORTANT_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} state={SMOOTH_TO_TOP}>
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="container site-footer__copyright">
        {t('common.footer.copyright', { year, name: site.name })}
      </p>
    </footer>
  );
}
