import { FeatureBlock } from '../../components/feature-block';
import { SectionHeading } from '../../components/section-heading';
import { appFeatures } from '../../content/app-features';
import { t } from '../../i18n/i18n';

/** The six feature sections under the finder on /App, image and text alternating sides. */
export function AppFeatures() {
  return (
    <section className="container page-section" aria-labelledby="app-features-title">
      <SectionHeading id="app-features-title" title={t(appFeatures.title)} />
      <div className="stack">
        {appFeatures.sections.map((section, i) => (
          <FeatureBlock key={section.title} block={section} reversed={i % 2 === 1} headingLevel={3} />
        ))}
      </div>
    </section>
  );
}
