// Testing Library for the components, rendered by Preact as in the browser (ADR 0020). The code is written and
// typed against React's API; this re-export takes React elements where @testing-library/preact types Preact's.
import { act, render as renderPreact } from '@testing-library/preact';
import type { VNode } from 'preact';
import type { ReactElement } from 'react';

export { act, cleanup, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/preact';

/**
 * Renders a component tree into a container attached to document.body. `unmount` runs inside act(), as React
 * Testing Library's does: effect cleanups run after paint (in Preact 11 as in React), and act() flushes them.
 */
export function render(ui: ReactElement, options?: Parameters<typeof renderPreact>[1]) {
  const result = renderPreact(ui as unknown as VNode, options);
  return {
    ...result,
    unmount: () =>
      act(() => {
        result.unmount();
      }),
  };
}

/** Waits for the popstate of history.back()/forward(), which browsers (and jsdom) deliver asynchronously. */
export async function traverse(go: () => void) {
  await act(async () => {
    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    go();
    await popped;
  });
}
