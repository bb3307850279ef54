import { FeatureBlock } from '../../components/feature-block';
import { Illustration } from '../../components/illustration';
import { SectionHeading } from '../../components/section-heading';
import { about } from '../../content/about';
import { t } from '../../i18n/i18n';

/** About (spec section 2): hero, Our Services and Our Mission with images, alternating icon/text blocks. */
export default function AboutPage() {
  const { hero, blocks, highlights } = about;
  return (
    <>
      <section className="hero hero--about" aria-labelledby="about-title">
        <div className="container hero__grid">
          <div className="hero__text">
            <h1 id="about-title">{t(hero.title)}</h1>
            <p className="hero__lead">{t(hero.description)}</p>
          </div>
          <Illustration
            className="hero__media"
            name="about-hero"
            alt={t(hero.imageAlt)}
            priority
            sizes="(min-width: 760px) 50vw, 100vw"
          />
        </div>
      </section>
      <div className="container page-section stack">
        {blocks.map((block, i) => (
          <FeatureBlock key={block.title} block={block} reversed={i % 2 === 1} />
        ))}
      </div>
      <section className="surface" aria-labelledby="highlights-title">
        <div className="container page-section">
          <SectionHeading id="highlights-title" title={t(highlights.title)} />
          <div className="icon-rows">
            {highlights.items.map((item, i) => (
              <FeatureBlock
                key={item.title}
                block={item}
                layout="card"
                reversed={i % 2 === 1}
                headingLevel={3}
              />
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
