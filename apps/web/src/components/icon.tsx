/** A decorative line icon (SVG path data on a 24×24 grid); the text next to it carries the meaning. */
export function Icon({
  path,
  size = 28,
  className = 'icon',
  strokeWidth = 1.8,
}: {
  path: string;
  size?: number;
  className?: string;
  strokeWidth?: number;
}) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}
