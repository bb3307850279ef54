import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type Params, type Path, parsePath, stripBasename, withBasename } from './path';

/** Where the app is, relative to the router's basename (the language prefix: `/hi/App` is `/App`). */
export interface Location extends Path {
  /** The state the link passed (`<Link state>`), kept in the history entry, so back and forward bring it back. */
  state: unknown;
  /** Unique per navigation ('default' for the page the browser loaded): effects that run once per navigation key on it. */
  key: string;
}

/** How the current location was reached: POP is the page load and back/forward, PUSH a link, REPLACE a redirect. */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface NavigateOptions {
  state?: unknown;
  replace?: boolean;
}

interface RouterValue {
  basename: string;
  location: Location;
  navigationType: NavigationType;
  navigate: (to: string, options?: NavigateOptions) => void;
}

const RouterContext = createContext<RouterValue | null>(null);

/** The parameters of the route being rendered: AppRoutes provides them, useParams reads them. */
export const ParamsContext = createContext<Params>({});

function useRouter(hook: string): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error(`${hook}() must be used inside a <BrowserRouter> or <StaticRouter>`);
  return router;
}

export const useLocation = (): Location => useRouter('useLocation').location;
export const useNavigationType = (): NavigationType => useRouter('useNavigationType').navigationType;
export const useNavigate = () => useRouter('useNavigate').navigate;
/** The address of a route in this router (with the language prefix), for an `href`. */
export const useHref = (to: string): string => withBasename(useRouter('useHref').basename, to);
export const useParams = (): Params => useContext(ParamsContext);

interface RouterProps {
  basename: string;
  location: Location;
  navigationType: NavigationType;
  navigate: RouterValue['navigate'];
  children: ReactNode;
}

/** Provides the location relative to the basename; renders nothing for an address outside the basename. */
function Router({ basename, location, navigationType, navigate, children }: RouterProps) {
  const pathname = stripBasename(location.pathname, basename);
  const value = useMemo(
    () =>
      pathname === null ? null : { basename, location: { ...location, pathname }, navigationType, navigate },
    [basename, location, pathname, navigationType, navigate],
  );
  return value && <RouterContext value={value}>{children}</RouterContext>;
}

interface HistoryEntryState {
  usr?: unknown;
  key?: string;
}

function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = window.history.state as HistoryEntryState | null;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

const createKey = () => Math.random().toString(36).slice(2, 10);

/**
 * The router of the browser: the History API. A link pushes an entry (its state and a key ride in
 * `history.state`), back and forward arrive as popstate. A new location renders once `prepare` (the page's code
 * and messages) is done, so the previous page stays on screen meanwhile rather than flashing "Loading…"
 * (Preact has no transitions to do that for us, ADR 0020); only the latest navigation renders.
 */
export function BrowserRouter({
  basename = '',
  prepare,
  children,
}: {
  basename?: string;
  /** What an address (the browser's whole pathname) needs before it renders; a failure renders it anyway. */
  prepare?: (pathname: string) => Promise<unknown>;
  children: ReactNode;
}) {
  const [current, setCurrent] = useState(() => ({
    location: currentLocation(),
    navigationType: 'POP' as NavigationType,
  }));
  const latest = useRef(0);
  const prepareRef = useRef(prepare);
  prepareRef.current = prepare;

  const show = useCallback((navigationType: NavigationType) => {
    const location = currentLocation();
    const run = ++latest.current;
    const render = () => {
      if (run === latest.current) setCurrent({ location, navigationType });
    };
    const ready = prepareRef.current?.(location.pathname);
    if (ready) ready.then(render, render);
    else render();
  }, []);

  useLayoutEffect(() => {
    const onPopState = () => show('POP');
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [show]);

  const navigate = useCallback(
    (to: string, { state = null, replace = false }: NavigateOptions = {}) => {
      const url = withBasename(basename, to);
      const entry: HistoryEntryState = { usr: state, key: createKey() };
      if (replace) window.history.replaceState(entry, '', url);
      else {
        try {
          window.history.pushState(entry, '', url);
        } catch {
          // Browsers cap the entries a page may push (iOS Safari: 100 in 30 s): load the page instead.
          window.location.assign(url);
          return;
        }
      }
      show(replace ? 'REPLACE' : 'PUSH');
    },
    [basename, show],
  );

  return (
    <Router basename={basename} navigate={navigate} {...current}>
      {children}
    </Router>
  );
}

const cannotNavigate = () => {
  throw new Error('A <StaticRouter> (prerendering, tests) cannot navigate');
};

/** A router fixed at one address: prerendering, and components under test. */
export function StaticRouter({
  location,
  basename = '',
  children,
}: {
  location: string;
  basename?: string;
  children: ReactNode;
}) {
  const fixed = useMemo(() => ({ ...parsePath(location), state: null, key: 'default' }), [location]);
  return (
    <Router basename={basename} location={fixed} navigationType="POP" navigate={cannotNavigate}>
      {children}
    </Router>
  );
}
