import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, traverse } from '../testing-library';
import {
  BrowserRouter,
  Link,
  matchPath,
  matchRoutes,
  NavLink,
  parsePath,
  StaticRouter,
  stripBasename,
  useLocation,
  useNavigationType,
  withBasename,
} from '.';

describe('paths', () => {
  it('split an address into pathname, search and hash', () => {
    expect(parsePath('/App?near=1#map')).toEqual({ pathname: '/App', search: '?near=1', hash: '#map' });
    expect(parsePath('/about')).toEqual({ pathname: '/about', search: '', hash: '' });
    expect(parsePath('?x=1')).toEqual({ pathname: '/', search: '?x=1', hash: '' });
  });

  it('take the language prefix off an address, in any letter case, and only whole segments', () => {
    expect(stripBasename('/hi/App', '/hi')).toBe('/App');
    expect(stripBasename('/hi', '/hi')).toBe('/');
    expect(stripBasename('/hi/', '/hi')).toBe('/');
    expect(stripBasename('/HI/about', '/hi')).toBe('/about');
    expect(stripBasename('/hindi', '/hi')).toBeNull();
    expect(stripBasename('/App', '/hi')).toBeNull();
    expect(stripBasename('/App', '')).toBe('/App');
  });

  it('put the language prefix on a route (Home is the bare prefix, as react-router wrote it)', () => {
    expect(withBasename('/hi', '/')).toBe('/hi');
    expect(withBasename('/hi', '/App')).toBe('/hi/App');
    expect(withBasename('/ta', '/stations/42?x=1#top')).toBe('/ta/stations/42?x=1#top');
    expect(withBasename('', '/App')).toBe('/App');
    expect(withBasename('', '/')).toBe('/');
  });

  it('match routes in any letter case and with trailing slashes, whole segments only', () => {
    expect(matchPath('/App', '/app')).toEqual({});
    expect(matchPath('/App', '/App/')).toEqual({});
    expect(matchPath('/App', '/Apps')).toBeNull();
    expect(matchPath('/App', '/App/more')).toBeNull();
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/', '/about')).toBeNull();
    expect(matchPath('/cancellation-and-refund-policy', '/cancellation-and-refund-policy')).toEqual({});
  });

  it('give decoded parameters, and `*` the rest of the path', () => {
    expect(matchPath('/stations/:stationId', '/stations/osm-n42/')).toEqual({ stationId: 'osm-n42' });
    expect(matchPath('/stations/:stationId', '/stations/a%20b')).toEqual({ stationId: 'a b' });
    expect(matchPath('/stations/:stationId', '/stations/%E0%A4')).toEqual({ stationId: '%E0%A4' });
    expect(matchPath('/stations/:stationId', '/stations/')).toBeNull();
    expect(matchPath('/stations/:stationId', '/stations/1/2')).toBeNull();
    expect(matchPath('*', '/no/such/page')).toEqual({ '*': '/no/such/page' });
  });

  it('pick the first route that matches', () => {
    const routes = [{ path: '/about' }, { path: '/stations/:id' }, { path: '*' }];
    expect(matchRoutes(routes, '/About')?.route).toBe(routes[0]);
    expect(matchRoutes(routes, '/stations/7')).toEqual({ route: routes[1], params: { id: '7' } });
    expect(matchRoutes(routes, '/elsewhere')?.route).toBe(routes[2]);
    expect(matchRoutes(routes.slice(0, 2), '/elsewhere')).toBeNull();
  });
});

/** Shows where the router is, for the tests to read. */
function Where() {
  const { pathname, search, hash, state, key } = useLocation();
  return (
    <output data-testid="where" data-key={key}>
      {`${useNavigationType()} ${pathname}${search}${hash} ${JSON.stringify(state)}`}
    </output>
  );
}
const where = () => screen.getByTestId('where').textContent;
const keyOf = () => screen.getByTestId('where').dataset.key;

describe('BrowserRouter and Link', () => {
  beforeEach(() => window.history.replaceState(null, '', '/hi/about'));
  afterEach(cleanup);

  function renderSite() {
    render(
      <BrowserRouter basename="/hi">
        <Where />
        <nav>
          <NavLink to="/" end>
            Home
          </NavLink>
          <NavLink to="/about">About</NavLink>
          <Link to="/contact" state={{ scrollToTop: 'smooth' }}>
            Contact
          </Link>
          <Link to="/about">This page</Link>
          <Link to="/App" target="_blank">
            New tab
          </Link>
        </nav>
      </BrowserRouter>,
    );
  }

  it('starts where the browser loaded the page, relative to the language prefix, as a POP', () => {
    renderSite();
    expect(where()).toBe('POP /about null');
    expect(keyOf()).toBe('default');
    expect(screen.getByText('Contact').getAttribute('href')).toBe('/hi/contact');
    expect(screen.getByText('Home').getAttribute('href')).toBe('/hi');
  });

  it('a click pushes a history entry with the link state; back and forward bring the entries back as POP', async () => {
    renderSite();
    const before = window.history.length;
    act(() => void fireEvent.click(screen.getByText('Contact')));
    expect(window.location.pathname).toBe('/hi/contact');
    expect(window.history.length).toBe(before + 1);
    expect(where()).toBe('PUSH /contact {"scrollToTop":"smooth"}');
    const contactKey = keyOf();
    expect(contactKey).not.toBe('default');

    await traverse(() => window.history.back());
    expect(where()).toBe('POP /about null');
    await traverse(() => window.history.forward());
    // The entry's own state and key come back with it.
    expect(where()).toBe('POP /contact {"scrollToTop":"smooth"}');
    expect(keyOf()).toBe(contactKey);
  });

  it('keeps the page on screen while the next one prepares, and renders only the latest navigation', async () => {
    const waiting = new Map<string, () => void>();
    const prepare = (pathname: string) => new Promise<void>((resolve) => waiting.set(pathname, resolve));
    render(
      <BrowserRouter basename="/hi" prepare={prepare}>
        <Where />
        <Link to="/contact">Contact</Link>
        <Link to="/pricing">Pricing</Link>
      </BrowserRouter>,
    );
    act(() => void fireEvent.click(screen.getByText('Contact')));
    expect(window.location.pathname).toBe('/hi/contact');
    expect(where()).toBe('POP /about null');
    act(() => void fireEvent.click(screen.getByText('Pricing')));
    // The first page is ready after the second was asked for: it never shows.
    await act(async () => waiting.get('/hi/contact')?.());
    expect(where()).toBe('POP /about null');
    await act(async () => waiting.get('/hi/pricing')?.());
    expect(where()).toBe('PUSH /pricing null');
  });

  it('a link to the page already shown replaces its entry, with a new key (a navigation all the same)', () => {
    renderSite();
    const before = window.history.length;
    act(() => void fireEvent.click(screen.getByText('This page')));
    expect(window.history.length).toBe(before);
    expect(where()).toBe('REPLACE /about null');
    expect(keyOf()).not.toBe('default');
  });

  it('leaves modified clicks, other buttons and other targets to the browser', () => {
    renderSite();
    // What the router did with each click, read after it (then the click is stopped: jsdom cannot open pages).
    const leftToBrowser: boolean[] = [];
    const record = (e: MouseEvent) => {
      leftToBrowser.push(!e.defaultPrevented);
      e.preventDefault();
    };
    window.addEventListener('click', record);
    const contact = screen.getByText('Contact');
    for (const init of [
      { ctrlKey: true },
      { metaKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
    ]) {
      act(
        () =>
          void contact.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ...init })),
      );
    }
    act(() => void fireEvent.click(screen.getByText('New tab')));
    act(() => void fireEvent.click(contact));
    window.removeEventListener('click', record);
    expect(leftToBrowser).toEqual([true, true, true, true, true, true, false]);
    expect(where()).toBe('PUSH /contact {"scrollToTop":"smooth"}');
  });

  it('marks the current NavLink active with aria-current="page"; Home (end) only on Home', () => {
    renderSite();
    const about = screen.getByText('About');
    const home = screen.getByText('Home');
    expect(about.className).toBe('active');
    expect(about.getAttribute('aria-current')).toBe('page');
    expect(home.hasAttribute('aria-current')).toBe(false);
    expect(home.hasAttribute('class')).toBe(false);
    act(() => void fireEvent.click(home));
    expect(window.location.pathname).toBe('/hi');
    expect(home.className).toBe('active');
    expect(home.getAttribute('aria-current')).toBe('page');
    expect(about.hasAttribute('aria-current')).toBe(false);
  });
});

describe('StaticRouter', () => {
  afterEach(cleanup);

  it('renders one address under its language prefix, as the prerender does', () => {
    render(
      <StaticRouter location="/ta/About/?x=1" basename="/ta">
        <Where />
        <NavLink to="/about">About</NavLink>
      </StaticRouter>,
    );
    expect(where()).toBe('POP /About/?x=1 null');
    expect(screen.getByText('About').getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('About').getAttribute('href')).toBe('/ta/about');
  });

  it('renders nothing for an address outside its prefix', () => {
    const { container } = render(
      <StaticRouter location="/about" basename="/ta">
        <Where />
      </StaticRouter>,
    );
    expect(container.innerHTML).toBe('');
  });
});
