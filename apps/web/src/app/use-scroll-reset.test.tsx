import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserRouter, Link } from '../lib/router';
import { SMOOTH_TO_TOP } from '../lib/scroll-to-top';
import { act, cleanup, fireEvent, render, screen, traverse } from '../lib/testing-library';
import { useScrollReset } from './use-scroll-reset';

function Page() {
  useScrollReset();
  return (
    <>
      <Link to="/about">About</Link>
      <Link to="/contact" state={SMOOTH_TO_TOP}>
        Contact
      </Link>
      <Link to="/pricing#plans">Plans</Link>
    </>
  );
}

describe('useScrollReset', () => {
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

  it('leaves the loaded page and back/forward alone, and brings each linked page to the top', async () => {
    render(
      <BrowserRouter basename="/ta">
        <Page />
      </BrowserRouter>,
    );
    expect(scrollTo).not.toHaveBeenCalled();

    act(() => void fireEvent.click(screen.getByText('About')));
    expect(window.location.pathname).toBe('/ta/about');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'instant' });

    act(() => void fireEvent.click(screen.getByText('Contact')));
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'smooth' });

    await traverse(() => window.history.back());
    await traverse(() => window.history.back());
    await traverse(() => window.history.forward());
    expect(window.location.pathname).toBe('/ta/about');
    expect(scrollTo).toHaveBeenCalledTimes(2);

    // A link to a place in a page leaves the scroll to the browser (it goes to the anchor).
    act(() => void fireEvent.click(screen.getByText('Plans')));
    expect(window.location.hash).toBe('#plans');
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});
