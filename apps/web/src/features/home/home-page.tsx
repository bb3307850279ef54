import { Link } from 'react-router';
import { FeatureBlock } from '../../components/feature-block';
import { Illustration } from '../../components/illustration';
import { SectionHeading } from '../../components/section-heading';
import { home } from '../../content/home';
import { t } from '../../i18n/i18n';
import { InstallAppButton } from '../../pwa/install-app-button';
import { HomeClosing } from './home-closing';

/** The landing page (spec section 2, Home): banner, hero, Why Choose Us, closing block. */
export function HomePage() {
  const { banner, hero, whyChooseUs } = home;
  return (
    <>
      <aside className="banner" aria-label={t(banner.region)}>
        <p className="container banner__inner">
          <span className="banner__label">{t(banner.label)}</span> {t(banner.text)}{' '}
          <Link to="/App">{t(banner.linkText)}</Link>
        </p>
      </aside>
      <section className="hero" aria-labelledby="home-title">
        <div className="container hero__grid">
          <div className="hero__text">
            <h1 id="home-title">{t(hero.title)}</h1>
            <p className="hero__lead">{t(hero.description)}</p>
            {/* One row on a 375 px phone, so the late-appearing Install app button shifts nothing; the iPhone
                hint (a sentence) is shown in the closing block instead. */}
            <div className="hero__actions">
              <Link className="button button--primary button--large" to="/App">
                {t(hero.cta)}
              </Link>
              <InstallAppButton className="button button--large" hintClassName="visually-hidden" />
            </div>
          </div>
          <Illustration
            className="hero__media"
            name="home-hero"
            alt={t(hero.imageAlt)}
            priority
            sizes="(min-width: 760px) 50vw, 100vw"
          />
        </div>
      </section>
      <section className="container page-section" aria-labelledby="why-title">
        <SectionHeading id="why-title" title={t(whyChooseUs.title)}>
          {t(whyChooseUs.intro)}
        </SectionHeading>
        <div className="card-grid card-grid--four">
          {whyChooseUs.features.map((feature) => (
            <FeatureBlock key={feature.title} block={feature} layout="card" headingLevel={3} />
          ))}
        </div>
      </section>
      <HomeClosing />
    </>
  );
}
