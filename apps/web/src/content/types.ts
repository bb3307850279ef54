import type { IllustrationName } from '../components/illustration';

/** A titled block with text and an icon or image (spec section 3, "Feature block"). */
export interface FeatureBlock {
  title: string;
  description: string;
  /** SVG path data of a line icon on a 24×24 grid. */
  icon?: string;
  image?: IllustrationName;
  /** Alternative text of the image; empty when the image only decorates the text next to it. */
  imageAlt?: string;
}

/** A titled policy section: paragraphs, then an optional bullet list (spec section 3, "Policy section"). */
export interface PolicySection {
  title: string;
  paragraphs: string[];
  list?: string[];
}
