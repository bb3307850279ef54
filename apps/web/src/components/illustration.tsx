import manifest from '../content/illustrations.json';

export type IllustrationName = keyof typeof manifest.images;

/** Path of one generated rendition (scripts/generate-images.mjs writes them to public/images). */
const src = (name: string, widthPx: number, ext: string) => `/images/${name}-${widthPx}.${ext}`;

/**
 * A responsive illustration: AVIF, then WebP, then PNG, each in several widths, with the intrinsic size
 * set so the page does not shift while it loads. Above the fold pass `priority`; everything else is lazy.
 */
export function Illustration({
  name,
  alt,
  sizes = '(min-width: 760px) 480px, 100vw',
  priority = false,
  className,
}: {
  name: IllustrationName;
  alt: string;
  sizes?: string;
  priority?: boolean;
  className?: string;
}) {
  const { width, height } = manifest.images[name];
  const srcSet = (ext: string) => manifest.widths.map((w) => `${src(name, w, ext)} ${w}w`).join(', ');
  const largest = manifest.widths[manifest.widths.length - 1]!;
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={srcSet('avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet('webp')} sizes={sizes} />
      <img
        src={src(name, largest, 'png')}
        srcSet={srcSet('png')}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        fetchPriority={priority ? 'high' : 'auto'}
      />
    </picture>
  );
}
