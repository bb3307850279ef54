import type { FeatureBlock as FeatureBlockData } from '../content/types';
import { t } from '../i18n/i18n';
import { FadeIn } from './fade-in';
import { Icon } from './icon';
import { Illustration } from './illustration';

/**
 * A titled text block with its image or icon beside it; its texts are message ids, shown in the page's language.
 * `layout="media"` puts a large image next to the text (alternating sides with `reversed`); `layout="card"` stacks
 * a small icon above the text.
 */
export function FeatureBlock({
  block,
  layout = 'media',
  reversed = false,
  headingLevel = 2,
}: {
  block: FeatureBlockData;
  layout?: 'media' | 'card';
  reversed?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const className = `feature feature--${layout}${reversed ? ' feature--reversed' : ''}`;
  return (
    <FadeIn as="article" className={className}>
      {block.image ? (
        <Illustration
          className="feature__media"
          name={block.image}
          alt={block.imageAlt ? t(block.imageAlt) : ''}
        />
      ) : (
        block.icon && (
          <span className="feature__icon">
            <Icon path={block.icon} />
          </span>
        )
      )}
      <div className="feature__body">
        <Heading className="feature__title">{t(block.title)}</Heading>
        <p>{t(block.description, block.values?.())}</p>
      </div>
    </FadeIn>
  );
}
