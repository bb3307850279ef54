import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the nearest folder above this file whose package.json declares the workspaces. */
function findRepoRoot(start: string): string {
  let dir = start;
  while (path.dirname(dir) !== dir) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && 'workspaces' in JSON.parse(fs.readFileSync(pkg, 'utf8'))) return dir;
    dir = path.dirname(dir);
  }
  return process.cwd();
}
// Works from apps/api/src/config (tsx) and from the apps/api/dist bundle alike.
export const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

type Parser<T> = (raw: string) => T;

interface VarSpec<T> {
  default?: T;
  parse: Parser<T>;
  /** One line for the configuration table of docs/configuration.md. */
  doc: string;
}

const str: Parser<string> = (raw) => raw;
const int =
  (min: number, max: number): Parser<number> =>
  (raw) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new Error(`must be an integer from ${min} to ${max}`);
    return n;
  };
const bool: Parser<boolean> = (raw) => {
  if (/^(1|true|yes)$/i.test(raw)) return true;
  if (/^(0|false|no)$/i.test(raw)) return false;
  throw new Error('must be true or false');
};
/**
 * Which proxies in front of the server are trusted, in the forms Fastify's `trustProxy` takes: none, a hop
 * count, or the proxies' addresses and networks (with proxy-addr's names `loopback`, `linklocal` and
 * `uniquelocal`). The client address is then the rightmost X-Forwarded-For entry that no trusted proxy
 * wrote. `true` is refused: it trusts every hop, so the leftmost entry, which the client writes itself,
 * would become its address, and one person could pass for many networks in the agreement rule and the
 * per-address limits.
 */
export type TrustProxy = false | number | string[];
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const trustProxy: Parser<TrustProxy> = (raw) => {
  const value = raw.trim();
  if (/^(0|false|no)$/i.test(value)) return false;
  if (/^(true|yes)$/i.test(value))
    throw new Error(
      'true is not accepted: it trusts every hop, so the client-written leftmost X-Forwarded-For entry would ' +
        'become its address; give the number of proxies in front of the server (1 behind one load balancer) ' +
        'or their addresses/CIDRs',
    );
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new Error('a hop count must be an integer from 1 to 10');
    return hops;
  }
  return value.split(',').map((part, i) => {
    const entry = part.trim();
    if (PROXY_NAMES.has(entry.toLowerCase())) return entry.toLowerCase();
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (!family || !prefixOk || extra !== undefined)
      throw new Error(
        `entry ${i + 1} is not an IP address, a CIDR (address/prefix) or one of loopback, linklocal, uniquelocal`,
      );
    return entry;
  });
};
const oneOf =
  <T extends string>(...values: T[]): Parser<T> =>
  (raw) => {
    if (!values.includes(raw as T)) throw new Error(`must be one of ${values.join(', ')}`);
    return raw as T;
  };
const secret =
  (minLength: number): Parser<string> =>
  (raw) => {
    if (raw.length < minLength) throw new Error(`must be at least ${minLength} characters`);
    return raw;
  };

/**
 * Every environment variable the server reads, with its default. Add new ones here: docs/configuration.md's table
 * mirrors this list, and start-up stops with every bad variable named.
 */
export const ENV_SPEC = {
  NODE_ENV: { default: 'development', parse: oneOf('development', 'production', 'test'), doc: 'Run mode' },
  PORT: { default: 8080, parse: int(0, 65535), doc: 'HTTP port' },
  HOST: { default: '0.0.0.0', parse: str, doc: 'Interface to listen on' },
  LOG_LEVEL: {
    default: 'info',
    parse: oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'),
    doc: 'Log level (pino)',
  },
  LOG_REQUESTS: {
    default: 'writes-and-errors',
    parse: oneOf('all', 'writes-and-errors', 'none'),
    doc: 'Which requests get a log line at info: all, writes and answers of 400 or more, or none',
  },
  DATABASE_URL: {
    default: '',
    parse: (raw: string) => {
      if (raw && !/^postgres(ql)?:\/\//.test(raw))
        throw new Error('must be a postgres:// URL (leave unset for SQLite)');
      return raw;
    },
    doc: 'PostgreSQL URL; unset = embedded SQLite file',
  },
  SQLITE_PATH: {
    default: path.join(repoRoot, 'data', 'cng-navigator.sqlite'),
    parse: str,
    doc: 'SQLite file used when DATABASE_URL is unset',
  },
  PLACES_CACHE_DIR: {
    default: '',
    parse: str,
    doc: "Folder of the place gazetteer's compact file, built from the GeoNames and countries-states-cities packages on the first start (unset = `cng-places` in the OS temporary folder)",
  },
  WEB_DIST: {
    default: path.join(repoRoot, 'apps', 'web', 'dist'),
    parse: str,
    doc: 'Folder of the built web app to serve',
  },
  TILE_URL: {
    default: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    parse: str,
    doc: 'Map tile URL template; its origin is allowed by the Content-Security-Policy',
  },
  TRUST_PROXY: {
    default: false as TrustProxy,
    parse: trustProxy,
    doc: 'Proxies whose X-Forwarded-For is believed: `false`, the number of proxies in front (`1` behind one load balancer), or their comma-separated addresses/CIDRs (`true` is refused: see docs/reliability.md)',
  },
  TRUSTED_ORIGINS: {
    default: [] as string[],
    parse: (raw: string) =>
      raw.split(',').map((o) => {
        const origin = o.trim();
        if (!/^https?:\/\/[^/\s]+$/i.test(origin))
          throw new Error('must be comma-separated origins like https://example.com (no path)');
        return origin;
      }),
    doc: 'Other origins whose pages may send writes (reports, proposals, contact); the site itself always may',
  },
  API_RATE_LIMIT_PER_MIN: {
    default: 600,
    parse: int(1, 1_000_000_000),
    doc: 'Per-IP requests per minute on /api',
  },
  COOKIE_SECRET: {
    default: '',
    parse: secret(32),
    doc: 'Secret that signs the anonymous device cookie (required in production; 32+ chars)',
  },
  ADMIN_TOKEN: {
    default: '',
    parse: secret(16),
    doc: 'Bearer token for the admin API (unset = admin API off)',
  },
  OPERATOR_TOKEN: {
    default: '',
    parse: secret(16),
    doc: 'Bearer token for official operator statuses (unset = off)',
  },
  AUTO_IMPORT: {
    default: true,
    parse: bool,
    doc: 'On start with an empty database, import the default sources',
  },
  STATIONS_OFFLINE_DIR: {
    default: path.resolve(repoRoot, '..', 'shared', 'data', 'stations'),
    parse: str,
    doc: 'Local copies of the open data, used by the start-up import when the live sources are unreachable',
  },
  STATIONS_REGIONS_FILE: {
    default: path.resolve(repoRoot, '..', 'shared', 'data', 'india_states.geojson'),
    parse: str,
    doc: 'GeoJSON of state polygons that gives India stations their state from coordinates (skipped if missing)',
  },
  COVERAGE_DATA_DIR: {
    default: path.resolve(repoRoot, '..', 'shared', 'data', 'coverage'),
    parse: str,
    doc: 'Folder of the coverage facts (official station counts, city-gas areas) that say how complete the list is where a driver stands; the states come from STATIONS_REGIONS_FILE',
  },
  AUTO_IMPORT_TIMEOUT_S: {
    default: 20,
    parse: int(1, 3600),
    doc: 'Per-download time limit of the start-up import for its file sources, before it falls back to the offline copies',
  },
  AUTO_IMPORT_OVERPASS_TIMEOUT_S: {
    default: 180,
    parse: int(1, 3600),
    doc: 'Per-query time limit of the start-up import for its OpenStreetMap (Overpass) sources: the worldwide query takes minutes',
  },
  OVERPASS_URL: {
    default: 'https://overpass-api.de/api/interpreter',
    parse: str,
    doc: 'Overpass API endpoint for live OpenStreetMap imports',
  },
  INDIA_OPEN_URL: {
    default:
      'https://raw.githubusercontent.com/bash1401/cng-route-planner-india-data/main/dataset/stations.json',
    parse: str,
    doc: 'India open CNG dataset (JSON) used by the start-up import',
  },
  MIMIT_STATIONS_URL: {
    default: 'https://www.mimit.gov.it/images/exportCSV/anagrafica_impianti_attivi.csv',
    parse: str,
    doc: 'Italian MIMIT station list used by the start-up import',
  },
  MIMIT_PRICES_URL: {
    default: 'https://www.mimit.gov.it/images/exportCSV/prezzo_alle_8.csv',
    parse: str,
    doc: 'Italian MIMIT price list used by the start-up import',
  },
  MGL_OUTLETS_URL: {
    default: 'https://www.mahanagargas.com:3000/outlet/cngfilling',
    parse: str,
    doc: 'Mahanagar Gas outlet-locator API used by the start-up import (`stations:import -- mgl live`)',
  },
  HPOIL_LOCATOR_URL: {
    default: 'https://hpoilgas.in/cng-locator.php?get_cng_fuel_stations=all',
    parse: str,
    doc: 'HPOIL Gas CNG locator page used by the start-up import (`stations:import -- hpoil live`)',
  },
  AFDC_API_KEY: {
    default: '',
    parse: str,
    doc: 'NREL developer API key for live AFDC (US) imports: `stations:import -- afdc api`',
  },
  AFDC_API_URL: {
    default: 'https://developer.nlr.gov/api/alt-fuel-stations/v1.json',
    parse: str,
    doc: 'AFDC stations API endpoint (moved from developer.nrel.gov, which answers 410 Gone, on 2026-05-29)',
  },
  STATIONS_POLL_SEC: {
    default: 15,
    parse: int(0, 3600),
    doc: 'How often the server checks for a new import run to rebuild its station index (0 = only on change events)',
  },
  EMAILJS_PUBLIC_KEY: {
    default: '',
    parse: str,
    doc: 'EmailJS public key (user_id); set with the service and template IDs to forward contact messages through EmailJS',
  },
  EMAILJS_SERVICE_ID: { default: '', parse: str, doc: 'EmailJS service ID' },
  EMAILJS_TEMPLATE_ID: { default: '', parse: str, doc: 'EmailJS template ID (params: name, email, message)' },
  EMAILJS_PRIVATE_KEY: {
    default: '',
    parse: str,
    doc: 'EmailJS private key (accessToken), needed for calls from a server',
  },
  EMAILJS_API_URL: {
    default: 'https://api.emailjs.com',
    parse: (raw: string) => {
      if (!/^https?:\/\/[^/]+/.test(raw)) throw new Error('must be an http(s) origin');
      return raw.replace(/\/+$/, '');
    },
    doc: 'EmailJS API origin',
  },
  SMTP_URL: {
    default: '',
    parse: (raw: string) => {
      if (!/^smtps?:\/\//.test(raw)) throw new Error('must be an smtp:// or smtps:// URL');
      return raw;
    },
    doc: 'SMTP server URL (smtp[s]://user:pass@host:port) to forward contact messages by e-mail',
  },
  MAIL_TO: { default: '', parse: str, doc: 'Address that receives contact messages forwarded by SMTP' },
  MAIL_FROM: { default: '', parse: str, doc: 'Sender address for SMTP forwarding (default: MAIL_TO)' },
  CONTACT_RATE_LIMIT_PER_HOUR: {
    default: 10,
    parse: int(1, 1_000_000),
    doc: 'Per-IP contact messages per hour (attempts of any kind, a 400 included: ten times as many)',
  },
  CONTACT_RETRY_BASE_SECONDS: {
    default: 30,
    parse: int(1, 86_400),
    doc: 'First retry delay of the contact outbox; doubles per attempt, with jitter',
  },
  CONTACT_OUTBOX_POLL_MS: {
    default: 2000,
    parse: int(50, 600_000),
    doc: 'How often the contact outbox looks for messages to forward',
  },
  REPORT_RATE_LIMIT_PER_MIN: {
    default: 10,
    parse: int(1, 1_000_000),
    doc: 'Per-IP station reports per minute (each device may also report a station only once per 10 min)',
  },
  PROPOSAL_RATE_LIMIT_PER_HOUR: {
    default: 10,
    parse: int(1, 1_000_000),
    doc: 'Per-IP station proposals and problem reports per hour',
  },
  WRITE_DEADLINE_MS: {
    default: 1500,
    parse: int(100, 600_000),
    doc: "A driver's write is answered 503 (Retry-After) when the database finishes nothing for this long; while it keeps working through a burst the write waits up to ten times as long",
  },
  CANDIDATE_ANSWER_RATE_LIMIT_PER_HOUR: {
    default: 30,
    parse: int(1, 1_000_000),
    doc: 'Per-IP answers to "Does this pump sell CNG?" per hour',
  },
  ROUTING_URL: {
    default: '',
    parse: (raw: string) => {
      if (!/^https?:\/\/[^/\s]+(\/\S*)?$/.test(raw)) throw new Error('must be an http(s) URL');
      return raw.replace(/\/+$/, '');
    },
    doc: 'OSRM v5 HTTP server (osrm-routed, e.g. http://127.0.0.1:5000) for road distances, drive times and trip routes; unset = straight lines only (docs/routing.md)',
  },
  ROUTING_TIMEOUT_MS: {
    default: 800,
    parse: int(50, 60_000),
    doc: 'Time limit of each routing call; past it an answer falls back to straight-line distances',
  },
  SSE_HEARTBEAT_SEC: {
    default: 15,
    parse: int(1, 300),
    doc: 'Seconds between heartbeat comments on the live event stream',
  },
  SSE_MAX_STREAMS_PER_IP: {
    default: 8,
    parse: int(1, 10_000),
    doc: 'Concurrent live event streams allowed per network: an IPv4 address, or an IPv6 /64',
  },
  SSE_MAX_STREAMS: {
    default: 5000,
    parse: int(1, 1_000_000),
    doc: 'Concurrent live event streams one instance holds (then 503 with Retry-After)',
  },
} satisfies Record<string, VarSpec<unknown>>;

type Spec = typeof ENV_SPEC;
export type Config = { [K in keyof Spec]: Spec[K] extends VarSpec<infer T> ? T : never };

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the whole configuration once; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(ENV_SPEC) as [string, VarSpec<unknown>][]) {
    const raw = env[name];
    if (raw === undefined || raw === '') {
      out[name] = spec.default;
      continue;
    }
    try {
      out[name] = spec.parse(raw);
    } catch (err) {
      // The variable and the rule, never the value: it may be a secret or a URL with a password in it.
      problems.push(`${name}: ${(err as Error).message}`);
    }
  }
  // Only when it is unset: a short one has already been reported as too short.
  if (out.NODE_ENV === 'production' && !env.COOKIE_SECRET) {
    problems.push('COOKIE_SECRET: is required when NODE_ENV=production');
  }
  if (problems.length) throw new ConfigError(problems);
  return out as Config;
}

/** loadConfig for a command or the server: a bad configuration prints every problem and exits 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
