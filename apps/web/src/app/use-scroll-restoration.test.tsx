import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { BrowserRouter, Link } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SMOOTH_TO_TOP } from '../lib/scroll-to-top';
import { useScrollRestoration } from './use-scroll-restoration';

function Page() {
  useScrollRestoration();
  return (
    <>
      <Link to="/about">About</Link>
      <Link to="/contact" state={SMOOTH_TO_TOP}>
        Contact
      </Link>
    </>
  );
}

/** Scrolls the window to `y` as the browser would, and lets the hook's next frame record it. */
async function scrolledTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
  await act(() => new Promise((done) => requestAnimationFrame(() => done(undefined))));
}

/** history.back()/forward() and the popstate the router answers. */
async function traverse(go: () => void) {
  await act(async () => {
    const popped = new Promise((done) => window.addEventListener('popstate', done, { once: true }));
    go();
    await popped;
  });
}

describe('useScrollRestoration', () => {
  const scrollTo = vi.fn();
  beforeEach(() => {
    window.history.replaceState(null, '', '/ta/');
    vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo);
    scrollTo.mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('opens a linked page at the top and returns to where a page was left on back and forward', async () => {
    render(
      <BrowserRouter basename="/ta">
        <Page />
      </BrowserRouter>,
    );
    // The page as loaded keeps its place.
    expect(scrollTo).not.toHaveBeenCalled();
    await scrolledTo(900);

    act(() => void fireEvent.click(screen.getByText('About')));
    expect(window.location.pathname).toBe('/ta/about');
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'instant' });
    await scrolledTo(250);

    act(() => void fireEvent.click(screen.getByText('Contact')));
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'smooth' });
    expect(scrollTo).toHaveBeenCalledTimes(2);

    await traverse(() => window.history.back());
    expect(window.location.pathname).toBe('/ta/about');
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 250, left: 0, behavior: 'instant' });
    await traverse(() => window.history.back());
    expect(window.location.pathname).toBe('/ta/');
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 900, left: 0, behavior: 'instant' });
    expect(scrollTo).toHaveBeenCalledTimes(4);
  });
});
