import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { site } from '../config/site';
import type { PolicySection } from '../content/types';
import { currentLocale, type MessageId, t } from '../i18n/i18n';
import { tRich } from '../i18n/rich';

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * A legal document: title, intro, a table of contents and numbered, titled sections (titles are unique:
 * they are the anchors).
 * `children` render after the sections (contact details, topic lists, dates).
 *
 * The policies are written in English only, and the English text governs. A page in another
 * language shows the title and a short plain-language summary in its language, says that the English text
 * below is the binding one, and marks that text `lang="en"` so screen readers and speech read it as English.
 * The English page is the document alone, as before.
 */
export function PolicyDocument({
  heading,
  summary,
  intro,
  sections,
  children,
  renderSectionEnd,
}: {
  /** The document's title, in the page's language. */
  heading: MessageId;
  /** Its plain-language summary (shown on pages in other languages than English). */
  summary: MessageId;
  intro: string[];
  sections: PolicySection[];
  children?: ReactNode;
  /** Extra content at the end of a section (e.g. a link), by section title. */
  renderSectionEnd?: (section: PolicySection) => ReactNode;
}) {
  const english = currentLocale() === 'en';
  const introParagraphs = intro.map((paragraph) => (
    <p className="policy__intro" key={paragraph}>
      {paragraph}
    </p>
  ));
  const body = (
    <>
      <nav className="policy__toc" aria-label="Sections">
        <h2 className="policy__toc-title">Contents</h2>
        <ol>
          {sections.map((section) => (
            <li key={section.title}>
              <a href={`#${slug(section.title)}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, i) => (
        <section className="policy__section" key={section.title} aria-labelledby={slug(section.title)}>
          <h2 id={slug(section.title)}>
            <span className="policy__number">{i + 1}. </span>
            {section.title}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.list && (
            <ul>
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
          {renderSectionEnd?.(section)}
        </section>
      ))}
      {children}
    </>
  );
  return (
    <article className="container policy" aria-labelledby="policy-title">
      <header className="policy__header">
        <h1 id="policy-title">{t(heading)}</h1>
        {english ? (
          introParagraphs
        ) : (
          <section className="policy__summary" aria-labelledby="policy-summary-title">
            <h2 id="policy-summary-title">{t('policies.summary.title')}</h2>
            <p>{t(summary, { name: site.name })}</p>
            <p className="policy__binding">
              {tRich('policies.summary.binding', {}, { link: (text) => <Link to="/contact">{text}</Link> })}
            </p>
          </section>
        )}
      </header>
      {english ? (
        body
      ) : (
        <div className="policy__original" lang="en">
          {introParagraphs}
          {body}
        </div>
      )}
    </article>
  );
}
