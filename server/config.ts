// Configuration, read once from the environment. One table of settings: each variable, its default as the
// README shows it, what it does, and how it is read. The README's configuration table is made from it
// (`npm run docs`), and a test holds the two equal.
import { ACCESS_MODES, type AccessMode } from './access/access-control.ts';
import { availableParallelism } from 'node:os';
import { LOG_LEVELS, type LogLevel } from './observability/logger.ts';

export interface Config {
  port: number;
  host: string;
  chromiumPath: string;
  poolSize: number;
  svgRenderer: SvgRendererKind;
  svgThreads: number;
  queueMax: number;
  renderTimeoutMs: number;
  pageMaxRenders: number;
  pageMaxMib: number;
  cacheMaxBytes: number;
  cacheMaxEntryBytes: number;
  cacheTtlMs: number;
  redisUrl: string | undefined;
  mapsDir: string;
  mapsRedisUrl: string | undefined;
  publicUrl: string | undefined;
  logLevel: LogLevel;
  requestTimeoutMs: number;
  sendTimeoutMs: number;
  shutdownTimeoutMs: number;
  scopesDir: string | undefined;
  trustProxy: number;
  corsOrigins: CorsOrigins;
  maxPixels: number;
  maxRenderCost: number;
  access: AccessMode;
  keyPrefix: string;
  keySecrets: string[];
  revokedKeys: string | undefined;
  metricsToken: string | undefined;
  pages: Page[];
  quotaPerMinute: number;
  quotaPerDay: number;
  anonQuotaPerMinute: number;
  anonQuotaPerDay: number;
  storeMaxBytesPerKey: number;
  storeMaxBytes: number;
  mapServiceUrl: string;
  mapApiKey: string | undefined;
}

/** The pages for people the service may serve: the preview page, /docs and /openapi.json, the bundles' source maps. */
const PAGES = ['preview', 'docs', 'source-maps'] as const;
export type Page = (typeof PAGES)[number];

type Env = NodeJS.ProcessEnv;

/** Which web pages may read the service's answers: any (`*`), or these origins (`https://dash.example`). */
export type CorsOrigins = '*' | string[];

/** `*`, or origins split by commas, each exactly as a browser sends it in `Origin`: scheme, host and port. */
function corsOrigins(raw: string | undefined): CorsOrigins {
  if (raw === undefined || raw.trim() === '' || raw.trim() === '*') return '*';
  return raw.split(',').map((given) => {
    const origin = given.trim();
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    // a trailing slash or a path would never equal a browser's Origin, and the page would be refused unseen
    if (parsed?.origin !== origin || !/^https?:$/.test(parsed.protocol))
      throw new Error(
        `CORS_ORIGINS must be * or origins split by commas, each as a browser sends it (https://dash.example, ` +
          `http://localhost:3000: no path, no trailing slash), got "${origin}"`,
      );
    return origin;
  });
}

/** What draws SVGs: worker threads (the default, fast and light), or the Chromium pages that draw the PNGs. */
const SVG_RENDERERS = ['threads', 'chromium'] as const;
type SvgRendererKind = (typeof SVG_RENDERERS)[number];

interface Setting<K extends keyof Config> {
  key: K;
  variable: string;
  /** the default, as the README writes it */
  shown: string;
  what: string;
  read(raw: string | undefined, env: Env): Config[K];
}

const setting = <K extends keyof Config>(s: Setting<K>) => s;

/** An integer of at least `min`, or `fallback` when the variable is unset or empty. */
const integer =
  (variable: string, fallback: number, min: number) =>
  (raw: string | undefined): number => {
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min)
      throw new Error(`${variable} must be an integer ≥ ${min}, got "${raw}"`);
    return value;
  };

/** An http:// or https:// URL without a query, its trailing slashes dropped. */
function serviceUrl(variable: string, raw: string): string {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash)
    throw new Error(`${variable} must be an http:// or https:// URL without a query, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

const SERVICE_SETTINGS = [
  setting({ key: 'port', variable: 'PORT', shown: '8080', what: 'HTTP port', read: integer('PORT', 8080, 0) }),
  setting({
    key: 'host',
    variable: 'HOST',
    shown: '0.0.0.0',
    what: 'interface to listen on',
    read: (raw) => raw || '0.0.0.0',
  }),
  setting({
    key: 'chromiumPath',
    variable: 'CHROMIUM_PATH',
    shown: '/usr/lib/chromium/chromium-headless-shell',
    what:
      "the Chromium executable: Debian's `chromium-headless-shell` package, a Chromium without a window system that " +
      'holds less memory; a full Chromium (`/usr/bin/chromium`) works too',
    read: (raw) => raw || '/usr/lib/chromium/chromium-headless-shell',
  }),
  setting({
    key: 'svgRenderer',
    variable: 'SVG_RENDERER',
    shown: 'threads',
    what:
      '`threads` draws SVGs in worker threads; `chromium` in the browser pages that draw PNGs (one renderer, no ' +
      "threads started, SVGs waiting in the pages' queue; slower), the reference the threads are tested against",
    read: (raw) => {
      const wanted = raw || 'threads';
      const kind = SVG_RENDERERS.find((name) => name === wanted);
      if (!kind) throw new Error(`SVG_RENDERER must be one of ${SVG_RENDERERS.join(', ')}, got "${raw}"`);
      return kind;
    },
  }),
  setting({
    key: 'svgThreads',
    variable: 'SVG_THREADS',
    shown: 'number of cores',
    what: 'worker threads drawing SVGs in parallel (none under `SVG_RENDERER=chromium`)',
    read: integer('SVG_THREADS', availableParallelism(), 1),
  }),
  setting({
    key: 'poolSize',
    variable: 'POOL_SIZE',
    shown: 'number of cores',
    what: 'browser pages drawing PNGs in parallel, each in a Chromium of its own (about 110 MiB at idle each)',
    read: integer('POOL_SIZE', availableParallelism(), 1),
  }),
  setting({
    key: 'queueMax',
    variable: 'QUEUE_MAX',
    shown: '64',
    what: 'renders that may wait for a thread (SVG) or a page (PNG, PDF, JPEG, WebP; SVG too with SVG_RENDERER=chromium), in each queue, shared among the clients waiting (one over its share: 429); beyond it, 503',
    read: integer('QUEUE_MAX', 64, 0),
  }),
  setting({
    key: 'renderTimeoutMs',
    variable: 'RENDER_TIMEOUT_MS',
    shown: '20000',
    what: "one render's deadline, waiting included; beyond it, 504",
    read: integer('RENDER_TIMEOUT_MS', 20_000, 1),
  }),
  setting({
    key: 'pageMaxRenders',
    variable: 'PAGE_MAX_RENDERS',
    shown: '5000',
    what: 'a page is replaced after this many renders, whatever it holds (see PAGE_MAX_MIB)',
    read: integer('PAGE_MAX_RENDERS', 5000, 1),
  }),
  setting({
    key: 'pageMaxMib',
    variable: 'PAGE_MAX_MIB',
    shown: '256',
    what: "a page is replaced once its renderer holds more than this many MiB of its own (its anonymous resident memory, read from Linux's /proc after each render; elsewhere pages are replaced by PAGE_MAX_RENDERS only). A page drawing the world and a few countries holds 30 to 100 MiB, so only PAGE_MAX_RENDERS replaces it; one drawing many scopes at many sizes passes 256 after 500 to 900 renders",
    read: integer('PAGE_MAX_MIB', 256, 1),
  }),
  setting({
    key: 'cacheMaxBytes',
    variable: 'CACHE_MAX_BYTES',
    shown: '67108864',
    what: "in-memory cache bound in bytes, least recently used out first (about 380 world maps as 1200 px PNGs, 700 as SVGs). A GET's map is also kept a year by browsers and CDNs (`Cache-Control: immutable`), so this cache mostly serves repeats from new clients and POSTs; a larger one is memory the operator pays for in every instance, where a Redis (`REDIS_URL`) is shared",
    read: integer('CACHE_MAX_BYTES', 64 * 1024 * 1024, 0),
  }),
  setting({
    key: 'cacheMaxEntryBytes',
    variable: 'CACHE_MAX_ENTRY_BYTES',
    shown: '8388608',
    what:
      'the largest map kept in Redis; the memory cache keeps maps up to a sixteenth of `CACHE_MAX_BYTES` (4 MiB by ' +
      'default), so that a few large ones cannot push out the rest. A larger map is drawn again when asked again ' +
      '(browsers and CDNs still keep it a year)',
    read: integer('CACHE_MAX_ENTRY_BYTES', 8 * 1024 * 1024, 0),
  }),
  setting({
    key: 'cacheTtlMs',
    variable: 'CACHE_TTL_MS',
    shown: '86400000',
    what: 'how long a rendered map stays cached (in memory and in Redis)',
    read: integer('CACHE_TTL_MS', 24 * 60 * 60 * 1000, 1),
  }),
  setting({
    key: 'redisUrl',
    variable: 'REDIS_URL',
    shown: 'none: memory only',
    what: 'e.g. `redis://127.0.0.1:6379`: a Redis behind the memory cache, shared by every instance given it',
    read: (raw) => {
      if (!raw) return undefined;
      if (!/^rediss?:\/\/./.test(raw)) throw new Error(`REDIS_URL must be a redis:// or rediss:// URL, got "${raw}"`);
      return raw;
    },
  }),
  setting({
    key: 'mapsDir',
    variable: 'MAPS_DIR',
    shown: './data/maps',
    what:
      'where `POST /maps` keeps stored maps when no Redis holds them (`MAPS_REDIS_URL`): a folder the service may ' +
      'write, kept across restarts and upgrades (a volume in a container); made when the first map is stored',
    read: (raw) => raw || './data/maps',
  }),
  setting({
    key: 'mapsRedisUrl',
    variable: 'MAPS_REDIS_URL',
    shown: '`REDIS_URL`',
    what: "a Redis that holds stored maps for every replica instead of `MAPS_DIR`: a database, not a cache, so one with `maxmemory-policy noeviction` (or a `volatile-*` one) and persistence (`appendonly yes`); the service warns at start when it would evict or forget them. compose.yaml runs one beside the cache's. `none` keeps them in `MAPS_DIR` though `REDIS_URL` is set (docs/stored-maps.md)",
    read: (raw, env) => {
      const url = raw || env.REDIS_URL;
      if (!url || url === 'none') return undefined;
      if (!/^rediss?:\/\/./.test(url))
        throw new Error(`MAPS_REDIS_URL must be a redis:// or rediss:// URL or none, got "${url}"`);
      return url;
    },
  }),
  setting({
    key: 'publicUrl',
    variable: 'PUBLIC_URL',
    shown: "none: the request's own",
    what: 'the address clients reach the service at (e.g. `https://maps.example.org`), which the URLs `POST /maps` answers and the links of the MCP tools (docs/mcp.md) begin with; without it, the scheme and host the request came to (behind a proxy, with `TRUST_PROXY`, the ones it forwarded)',
    read: (raw) => (raw ? serviceUrl('PUBLIC_URL', raw) : undefined),
  }),
  setting({
    key: 'logLevel',
    variable: 'LOG_LEVEL',
    shown: 'info (silent under `NODE_ENV=test`)',
    what: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`; JSON lines on stdout',
    read: (raw, env) => {
      const wanted = raw || (env.NODE_ENV === 'test' ? 'silent' : 'info');
      const level = LOG_LEVELS.find((name) => name === wanted.toLowerCase());
      if (!level) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${wanted}"`);
      return level;
    },
  }),
  setting({
    key: 'requestTimeoutMs',
    variable: 'REQUEST_TIMEOUT_MS',
    shown: '30000',
    what: 'a request must arrive whole (headers and body) within this, else 408 and the connection closed',
    read: integer('REQUEST_TIMEOUT_MS', 30_000, 1),
  }),
  setting({
    key: 'sendTimeoutMs',
    variable: 'SEND_TIMEOUT_MS',
    shown: '30000',
    what: 'a response that makes no progress (a client that stops reading) for this long is dropped and its connection closed',
    read: integer('SEND_TIMEOUT_MS', 30_000, 1),
  }),
  setting({
    key: 'shutdownTimeoutMs',
    variable: 'SHUTDOWN_TIMEOUT_MS',
    shown: '25000',
    what: 'on SIGTERM, how long requests in flight may take before their connections are cut',
    read: integer('SHUTDOWN_TIMEOUT_MS', 25_000, 0),
  }),
  setting({
    key: 'scopesDir',
    variable: 'SCOPES_DIR',
    shown: 'none',
    what:
      'a folder of your own boundaries: each `<name>.json` (GeoJSON or TopoJSON of Polygon/MultiPolygon features) becomes scope ' +
      "`<name>`, with an optional `<name>.scope.json` of `idProperty` (default: the feature's `id`, else `properties.id`), " +
      '`nameProperty` (default `name`), `projection`, `title` and `attribution`; a bad file stops start-up with a message naming it',
    read: (raw) => raw || undefined,
  }),
  setting({
    key: 'maxPixels',
    variable: 'MAX_PIXELS',
    shown: '67108864',
    what:
      'the most device pixels (`width × height × scale²`) of a PNG, JPEG, WebP or PDF; a larger map is 422 ' +
      '`too_costly`, before rendering when the request gives its height. 8192² by default: a world PNG that size ' +
      'takes about a second to draw and 30 MB to send',
    read: integer('MAX_PIXELS', 8192 * 8192, 1),
  }),
  setting({
    key: 'maxRenderCost',
    variable: 'MAX_RENDER_COST',
    shown: '8000',
    what: 'the most a map may cost to draw, in estimated milliseconds of one render alone on 2 cores (server/cost/estimate.ts: its outlines, pixels, sea routes, labels, markers, shapes); a costlier one is 422 `too_costly` naming what to reduce, and is not drawn. The costliest maps of the gallery cost a few hundred; a world WebP of 8192² about 5,000',
    read: integer('MAX_RENDER_COST', 8000, 1),
  }),
  setting({
    key: 'trustProxy',
    variable: 'TRUST_PROXY',
    shown: '0',
    what:
      'how many proxies (nginx, a load balancer) stand in front of the service: a client is then the address the ' +
      'nearest of them saw, read from `X-Forwarded-For` (its last `TRUST_PROXY` entries, which the proxies append ' +
      'and a client cannot forge). Each client holds at most its share of the renderers; 0 takes the address of the ' +
      'connection, which behind a proxy is the proxy for every client',
    read: integer('TRUST_PROXY', 0, 0),
  }),
  setting({
    key: 'corsOrigins',
    variable: 'CORS_ORIGINS',
    shown: '`*`',
    what:
      'which web pages may read answers with `fetch` (a dashboard on another site; an `<img>` needs no CORS): `*` any ' +
      'page, or origins split by commas (`https://dash.example,https://intranet.example:8443`), each as a browser sends ' +
      'it, which alone are answered with `Access-Control-Allow-Origin`. The service uses no cookies, so `*` lets a page ' +
      'read only what anyone who reaches the service can ask for; on an intranet, where any site a colleague opens ' +
      'could read it through their browser, name your own sites (docs/http.md)',
    read: corsOrigins,
  }),
];

/** KEY_SECRETS: secrets split by commas, each long enough that it cannot be guessed. */
function keySecrets(raw: string | undefined, env: Env): string[] {
  const secrets = (raw ?? '')
    .split(',')
    .map((secret) => secret.trim())
    .filter((secret) => secret !== '');
  const short = secrets.find((secret) => secret.length < 32);
  if (short !== undefined)
    throw new Error('KEY_SECRETS: each secret must be at least 32 characters (`openssl rand -base64 32` makes one)');
  if (!secrets.length && (env.ACCESS === 'keys' || env.ACCESS === 'watermark'))
    throw new Error(`ACCESS=${env.ACCESS} needs KEY_SECRETS, the secrets keys are signed with`);
  return secrets;
}

/** Who may render (DECISIONS §12; docs/access.md). */
const ACCESS_SETTINGS = [
  setting({
    key: 'access',
    variable: 'ACCESS',
    shown: 'open',
    what:
      '`open`: anyone may render; `watermark`: maps asked for without a valid key or signed URL carry the logo; ' +
      '`keys`: such requests to `/map.*`, `/render/*`, `POST /maps` and `/mcp` are refused, 401 or 403 (docs/access.md)',
    read: (raw) => {
      const wanted = raw || 'open';
      const mode = ACCESS_MODES.find((name) => name === wanted);
      if (!mode) throw new Error(`ACCESS must be one of ${ACCESS_MODES.join(', ')}, got "${raw}"`);
      return mode;
    },
  }),
  setting({
    key: 'keyPrefix',
    variable: 'KEY_PREFIX',
    shown: '`mr_live_`',
    what: "what every key begins with; the hosted service's tools sign URLs only with keys that begin `mr_live_`",
    read: (raw) => raw || 'mr_live_',
  }),
  setting({
    key: 'keySecrets',
    variable: 'KEY_SECRETS',
    shown: 'none',
    what:
      'the secrets keys are signed with, split by commas, each at least 32 characters: the first signs the keys ' +
      '`npm run keys -- mint` makes, every one verifies, so a new secret goes first and the old one stays until its ' +
      'keys are replaced. Required by `ACCESS=watermark` and `ACCESS=keys`',
    read: keySecrets,
  }),
  setting({
    key: 'revokedKeys',
    variable: 'REVOKED_KEYS',
    shown: 'none',
    what:
      'a file of revoked key ids, one a line, read again within a second or two of a change, without a restart; ' +
      'with `REDIS_URL`, the ids in the Redis set `revoked-keys` (`SADD revoked-keys <id>`) are refused too, by every replica within a few seconds',
    read: (raw) => raw || undefined,
  }),
  setting({
    key: 'metricsToken',
    variable: 'METRICS_TOKEN',
    shown: 'none: open',
    what: '`/metrics` answers only `Authorization: Bearer <METRICS_TOKEN>` (401 without, 403 with another): its figures tell the load, the memory and the Node version',
    read: (raw) => raw || undefined,
  }),
  setting({
    key: 'pages',
    variable: 'PAGES',
    shown: '`preview,docs,source-maps`',
    what:
      'which pages for people the service serves, split by commas, or `none`: `preview` the preview page (`/`), ' +
      "`docs` `/docs` and `/openapi.json`, `source-maps` the renderer's and the page's source maps (6 MB, the whole " +
      'source). Left out, they answer 404',
    read: (raw) => {
      if (raw === undefined || raw.trim() === '') return [...PAGES];
      if (raw.trim() === 'none') return [];
      return raw.split(',').map((given) => {
        const page = PAGES.find((name) => name === given.trim());
        if (!page) throw new Error(`PAGES must be none or some of ${PAGES.join(', ')} split by commas, got "${given}"`);
        return page;
      });
    },
  }),
];

/** An anonymous quota's default: none for a service open to all (an address is every client behind it: a proxy
 *  without TRUST_PROXY, an office's NAT), `inPublic` once the service is in public (ACCESS=watermark or keys), where
 *  anonymous clients still render: stored maps' URLs are open, and their renders are counted against the reader. */
const anonymousQuota =
  (variable: string, inPublic: number) =>
  (raw: string | undefined, env: Env): number =>
    integer(variable, env.ACCESS === 'watermark' || env.ACCESS === 'keys' ? inPublic : 0, 0)(raw);

/** Renders (cache misses) a client may ask for (DECISIONS §12; access/quotas.ts, docs/access.md). A key is one
 *  client wherever it comes from, so its quotas are on by default; an address is every client behind it, so
 *  anonymous quotas are off for an open service unless set. */
const QUOTA_SETTINGS = [
  setting({
    key: 'quotaPerMinute',
    variable: 'QUOTA_PER_MINUTE',
    shown: '600',
    what:
      'renders (cache misses; a cached map is always served) one key may ask for in a minute, counted by every ' +
      'replica together through `REDIS_URL`; beyond it, 429 `rate_limited` with `Retry-After`. Storing a map ' +
      "(`POST /maps`) counts as a render; a stored map's renders count against whoever reads it. 0: none",
    read: integer('QUOTA_PER_MINUTE', 600, 0),
  }),
  setting({
    key: 'quotaPerDay',
    variable: 'QUOTA_PER_DAY',
    shown: '50000',
    what: 'renders one key may ask for in a day (24 hours from its first render), as `QUOTA_PER_MINUTE`; 0: none',
    read: integer('QUOTA_PER_DAY', 50_000, 0),
  }),
  setting({
    key: 'anonQuotaPerMinute',
    variable: 'ANON_QUOTA_PER_MINUTE',
    shown: '60 under `ACCESS=watermark` and `keys`; 0: none under `open`',
    what:
      'renders a client without a key may ask for in a minute, by its address (an IPv6 /64; behind proxies, set ' +
      "`TRUST_PROXY` first, or every visitor is the proxy's one address). Under `keys` these are the renders of " +
      "stored maps' open URLs",
    read: anonymousQuota('ANON_QUOTA_PER_MINUTE', 60),
  }),
  setting({
    key: 'anonQuotaPerDay',
    variable: 'ANON_QUOTA_PER_DAY',
    shown: '2000 under `ACCESS=watermark` and `keys`; 0: none under `open`',
    what: 'renders a client without a key may ask for in a day, by its address',
    read: anonymousQuota('ANON_QUOTA_PER_DAY', 2000),
  }),
  setting({
    key: 'storeMaxBytesPerKey',
    variable: 'STORE_MAX_BYTES_PER_KEY',
    shown: '67108864',
    what:
      'the most one key, or one address without a key, may hold of stored maps (`POST /maps`), counted in their ' +
      "records' gzip bytes (a county map of the US is 12 KB, so 64 MiB holds about 5,000); past it, 429 " +
      '`rate_limited` naming this budget. Stored maps are kept for good, so this is what each holder may ever store. 0: none',
    read: integer('STORE_MAX_BYTES_PER_KEY', 64 * 1024 * 1024, 0),
  }),
  setting({
    key: 'storeMaxBytes',
    variable: 'STORE_MAX_BYTES',
    shown: '536870912',
    what:
      'the most the store of stored maps may hold in all, as `STORE_MAX_BYTES_PER_KEY` counts it (a Redis holds ' +
      'records base64, a third more: 512 MiB of records take about 700 MB); past it, 503 `store_full`, and every map ' +
      'stored before is kept. 0: none (the disk or the Redis is then the bound, and a full one refuses everyone)',
    read: integer('STORE_MAX_BYTES', 512 * 1024 * 1024, 0),
  }),
];

/** The assistants' server (DECISIONS §13; docs/mcp.md): `/mcp` in the service, `npm run mcp` beside it. */
const MCP_SETTINGS = [
  setting({
    key: 'mapServiceUrl',
    variable: 'MAP_SERVICE_URL',
    shown: '`http://localhost:8080`',
    what: '`npm run mcp` only: the running service its tools draw maps with, and the address their URLs begin with (unless `PUBLIC_URL` is set)',
    read: (raw) => serviceUrl('MAP_SERVICE_URL', raw || 'http://localhost:8080'),
  }),
  setting({
    key: 'mapApiKey',
    variable: 'MAP_API_KEY',
    shown: 'none',
    what: "`npm run mcp` only: the key it sends to `MAP_SERVICE_URL` as `Authorization: Bearer` and signs its maps' URLs with",
    read: (raw) => raw || undefined,
  }),
];

const SETTINGS = [...SERVICE_SETTINGS, ...ACCESS_SETTINGS, ...QUOTA_SETTINGS, ...MCP_SETTINGS];

// every field of Config has its setting, or this does not compile
const everyField: [keyof Config] extends [(typeof SETTINGS)[number]['key']] ? true : never = true;

/** Settings that are gone, and why: set, they stop the start rather than be ignored unseen. */
const RETIRED: Record<string, string> = {
  MCP_API_KEY:
    "MCP_API_KEY is retired: it signed the URLs /mcp made for anonymous callers with the operator's key, so anyone " +
    'could draw maps free of the logo and charged to that key. /mcp now signs with the Bearer key each caller sends: ' +
    'mint a key per assistant (`npm run keys -- mint --owner NAME`) and give it to the assistant as ' +
    '`Authorization: Bearer <key>`; `npm run mcp` signs with MAP_API_KEY (docs/mcp.md). Unset MCP_API_KEY to start',
};

export function readConfig(env: Env = process.env): Config {
  void everyField;
  const retired = Object.keys(RETIRED).find((variable) => env[variable] !== undefined && env[variable] !== '');
  if (retired !== undefined) throw new Error(RETIRED[retired]);
  return Object.fromEntries(SETTINGS.map((s) => [s.key, s.read(env[s.variable], env)])) as unknown as Config;
}

/** The README's configuration table. */
export function configurationTable(): string {
  const rows = SETTINGS.map((s) => `| \`${s.variable}\` | ${s.shown} | ${s.what} |`);
  return ['| variable | default | what it does |', '|---|---|---|', ...rows].join('\n');
}
