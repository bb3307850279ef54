import type { FeatureBlock as FeatureBlockData } from '../content/types';
import { FadeIn } from './fade-in';
import { Icon } from './icon';
import { Illustration } from './illustration';

/**
 * A titled text block with its image or icon beside it. `layout="media"` puts a large image next to the text
 * (alternating sides with `reversed`); `layout="card"` stacks a small icon above the text.
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
        <Illustration className="feature__media" name={block.image} alt={block.imageAlt ?? ''} />
      ) : (
        block.icon && (
          <span className="feature__icon">
            <Icon path={block.icon} />
          </span>
        )
      )}
      <div className="feature__body">
        <Heading className="feature__title">{block.title}</Heading>
        <p>{block.description}</p>
      </div>
    </FadeIn>
  );
}
