// The site's router (ADR 0019): history, links and route matching in ~1.8 kB gzip, in place of react-router.
export { isActivePath, Link, type LinkProps, NavLink, type NavLinkProps } from './link';
export {
  createPath,
  matchPath,
  matchRoutes,
  type Params,
  type Path,
  parsePath,
  stripBasename,
  withBasename,
} from './path';
export {
  BrowserRouter,
  type Location,
  type NavigateOptions,
  type NavigationType,
  ParamsContext,
  StaticRouter,
  useHref,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
} from './router';
