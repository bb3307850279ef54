import { type ReactNode, use } from 'react';
import { messagesPending, type Namespace } from './i18n';

/**
 * Renders its children once the page's message namespaces are loaded, suspending (inside the page's Suspense
 * boundary) while they arrive. Prerendering and hydration load them first, so they never suspend there.
 */
export function PageMessages({
  namespaces,
  children,
}: {
  namespaces: readonly Namespace[];
  children: ReactNode;
}) {
  const pending = messagesPending(namespaces);
  if (pending) use(pending);
  return children;
}
