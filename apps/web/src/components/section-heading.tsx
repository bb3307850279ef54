import type { ReactNode } from 'react';

/** The centred title (and optional intro) that opens a page section; `id` lets the section reference it. */
export function SectionHeading({
  id,
  title,
  children,
  level = 2,
}: {
  id: string;
  title: string;
  children?: ReactNode;
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <header className="section-heading">
      <Heading id={id}>{title}</Heading>
      {children && <p className="section-heading__intro">{children}</p>}
    </header>
  );
}
