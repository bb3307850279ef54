import { Link } from 'react-router';
import { site } from '../../config/site';
import { SMOOTH_TO_TOP } from '../../lib/scroll-to-top';

const IMPORTANT_LINKS = [
  { to: '/App', label: 'App' },
  { to: '/terms-and-conditions', label: 'Terms & Conditions' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/cancellation-and-refund-policy', label: 'Cancellation & Refund Policy' },
] as const;

/** Footer of spec section 2: who we are, how to reach us, Important Links (each scrolls smoothly to the top). */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{site.name}</h2>
          <p>{site.description}</p>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Reach us</h2>
          <address>
            <p>{site.address}</p>
            {site.phone && (
              <p>
                Phone: <a href={`tel:${site.phone.replace(/[^\d+]/g, '')}`}>{site.phone}</a>
              </p>
            )}
            {site.email && (
              <p>
                E-mail: <a href={`mailto:${site.email}`}>{site.email}</a>
              </p>
            )}
            <p>
              <Link to="/contact" state={SMOOTH_TO_TOP}>
                Send us a message
              </Link>{' '}
              – support 24x7
            </p>
          </address>
          {(site.socialUrl || site.chatUrl) && (
            <ul className="footer-social">
              {site.socialUrl && (
                <li>
                  <a href={site.socialUrl} rel="noopener noreferrer" target="_blank">
                    Follow us
                  </a>
                </li>
              )}
              {site.chatUrl && (
                <li>
                  <a href={site.chatUrl} rel="noopener noreferrer" target="_blank">
                    Chat with us
                  </a>
                </li>
              )}
            </ul>
          )}
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links">Important Links</h2>
          <ul>
            {IMPORTANT_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} state={SMOOTH_TO_TOP}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="container site-footer__copyright">
        © {year} {site.name}. All rights reserved. Station data: OpenStreetMap contributors (ODbL) and public
        open data.
      </p>
    </footer>
  );
}
