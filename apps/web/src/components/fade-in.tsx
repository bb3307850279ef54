import { type ElementType, type ReactNode, useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '../lib/scroll-to-top';

/**
 * Fades its content in once when it scrolls into view (spec section 2). Content already on screen, prerendered
 * HTML before JavaScript runs, and users who prefer reduced motion see it at once: it is only hidden after
 * mount, and only while below the fold.
 */
export function FadeIn({
  children,
  as: Tag = 'div',
  className = '',
}: {
  children: ReactNode;
  as?: ElementType;
  className?: string;
}) {
  const ref = useRef<HTMLElement>(null);
  const [state, setState] = useState<'static' | 'hidden' | 'shown'>('static');
  useEffect(() => {
    const el = ref.current;
    if (!el || prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return;
    if (el.getBoundingClientRect().top < window.innerHeight) return;
    setState('hidden');
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setState('shown');
          observer.disconnect();
        }
      },
      { rootMargin: '0px 0px -10% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const stateClass = state === 'hidden' ? ' fade-in--hidden' : state === 'shown' ? ' fade-in--shown' : '';
  return (
    <Tag ref={ref} className={`fade-in${stateClass}${className ? ` ${className}` : ''}`}>
      {children}
    </Tag>
  );
}
