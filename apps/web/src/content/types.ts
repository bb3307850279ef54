import type { IllustrationName } from '../components/illustration';
import type { MessageId } from '../i18n/i18n';

/** A titled block with text and an icon or image (spec section 3, "Feature block"). */
export interface FeatureBlock {
  /** Message ids: the component calls t() when it renders, in the page's language. */
  title: MessageId;
  description: MessageId;
  /** The description's placeholder values, computed at render time (numbers formatted in the page's locale). */
  values?: () => Record<string, unknown>;
  /** SVG path data of a line icon on a 24×24 grid. */
  icon?: string;
  image?: IllustrationName;
  /** Alternative text of the image; absent when the image only decorates the text next to it. */
  imageAlt?: MessageId;
}

/** A titled policy section: paragraphs, then an optional bullet list (spec section 3, "Policy section"). */
export interface PolicySection {
  title: string;
  paragraphs: string[];
  list?: string[];
}
