/** An arrow turned `rotationDeg` clockwise from straight up (screen-relative), labelled for screen readers. */
export function DirectionArrow({
  rotationDeg,
  size = 96,
  label,
}: {
  rotationDeg: number;
  size?: number;
  label: string;
}) {
  return (
    <svg
      className="direction-arrow"
      width={size}
      height={size}
      viewBox="0 0 100 100"
      role="img"
      aria-label={label}
      data-rotation-deg={rotationDeg.toFixed(1)}
      data-testid="direction-arrow"
    >
      <circle cx="50" cy="50" r="47" className="direction-arrow__ring" />
      <g style={{ transform: `rotate(${rotationDeg}deg)`, transformOrigin: '50px 50px' }}>
        <path d="M50 8 L78 80 L50 64 L22 80 Z" className="direction-arrow__head" />
      </g>
    </svg>
  );
}
