/** The parts of an address the router works with (a location without its state). */
export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

/** Splits `/App?x=1#top` into its pathname, search and hash. */
export function parsePath(to: string): Path {
  const hashAt = to.indexOf('#');
  const hash = hashAt < 0 ? '' : to.slice(hashAt);
  const rest = hashAt < 0 ? to : to.slice(0, hashAt);
  const searchAt = rest.indexOf('?');
  const search = searchAt < 0 ? '' : rest.slice(searchAt);
  const pathname = (searchAt < 0 ? rest : rest.slice(0, searchAt)) || '/';
  return { pathname, search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash };
}

export const createPath = ({ pathname, search, hash }: Path): string => `${pathname}${search}${hash}`;

/**
 * The route part of a pathname under `basename` (`/hi/App` under `/hi`: `/App`; `/hi/` and `/hi`: `/`), or
 * null when the pathname is not under it. The basename matches in any letter case, as routes do.
 */
export function stripBasename(pathname: string, basename: string): string | null {
  if (!basename || basename === '/') return pathname;
  if (!pathname.toLowerCase().startsWith(basename.toLowerCase())) return null;
  const rest = pathname.slice(basename.length);
  if (rest && !rest.startsWith('/')) return null;
  return rest || '/';
}

/** The address of a route under `basename`: `/App` under `/hi` is `/hi/App`, Home is `/hi`. */
export function withBasename(basename: string, to: string): string {
  const path = parsePath(to);
  if (!basename || basename === '/') return createPath(path);
  const pathname = path.pathname === '/' ? basename : `${basename}${path.pathname}`;
  return createPath({ ...path, pathname });
}

/** Parameters of a matched route (`:stationId`, `*`), decoded. */
export type Params = Readonly<Record<string, string | undefined>>;

const compiled = new Map<string, { pattern: RegExp; names: string[] }>();
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(routePath: string) {
  let entry = compiled.get(routePath);
  if (entry) return entry;
  const names: string[] = [];
  const source = routePath
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => {
      if (segment === '*') {
        names.push('*');
        return '(.*)';
      }
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '([^/]+)';
      }
      return escapeRegExp(segment);
    })
    .join('/');
  // Any letter case (`/app` is `/App`) and any trailing slashes, like react-router's defaults before it.
  entry = { pattern: new RegExp(`^${source}\\/*$`, 'i'), names };
  compiled.set(routePath, entry);
  return entry;
}

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * The parameters of `pathname` under a route path (`/stations/:stationId`, `/about`, `*` for anything), or null
 * when it does not match. Segments match whole: `/about` is not `/aboutus`.
 */
export function matchPath(routePath: string, pathname: string): Params | null {
  const { pattern, names } = compile(routePath);
  const found = pattern.exec(pathname);
  if (!found) return null;
  return Object.fromEntries(names.map((name, i) => [name, decode(found[i + 1] ?? '')]));
}

/** The first route whose path matches (put `*` last), with its parameters. */
export function matchRoutes<R extends { path: string }>(
  routes: readonly R[],
  pathname: string,
): { route: R; params: Params } | null {
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}
