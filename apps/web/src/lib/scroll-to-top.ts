/** True when the user asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

/** Scrolls the page to the top, smoothly unless the user prefers reduced motion. */
export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}

/** Navigation state of a link whose new page glides to the top (footer links, spec section 2); see useScrollReset. */
export const SMOOTH_TO_TOP = { scrollToTop: 'smooth' } as const;

/** True when a location's state asks for the smooth scroll to the top. */
export function wantsSmoothToTop(state: unknown): boolean {
  return (state as { scrollToTop?: unknown } | null)?.scrollToTop === SMOOTH_TO_TOP.scrollToTop;
}
