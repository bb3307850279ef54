import type { ReactNode } from 'react';
import type { PolicySection } from '../content/types';

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * A legal document: title, intro, a table of contents and numbered, titled sections (titles are unique:
 * they are the anchors).
 * `children` render after the sections (contact details, topic lists, dates).
 */
export function PolicyDocument({
  title,
  intro,
  sections,
  children,
  renderSectionEnd,
}: {
  title: string;
  intro: string[];
  sections: PolicySection[];
  children?: ReactNode;
  /** Extra content at the end of a section (e.g. a link), by section title. */
  renderSectionEnd?: (section: PolicySection) => ReactNode;
}) {
  return (
    <article className="container policy" aria-labelledby="policy-title">
      <header className="policy__header">
        <h1 id="policy-title">{title}</h1>
        {intro.map((paragraph) => (
          <p className="policy__intro" key={paragraph}>
            {paragraph}
          </p>
        ))}
      </header>
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
    </article>
  );
}
