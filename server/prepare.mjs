// Gets a fresh clone ready to run, idempotently and quickly when already done: npm dependencies, Debian's
// headless Chromium, the topology build, the renderer bundle and the service's own bundle; with --test (npm test)
// also Debian's full Chromium, redis-server, which the tests start on their own ports, and poppler-utils, which
// read the PDF maps; with --unit (npm run test:unit) no Chromium at all, so the tests that need no browser run on a
// machine without one.
// Plain Node: it runs before any install.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, readSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { topologyUpToDate } from '../topology/build-inputs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

function run(command, args, what) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`prepare: ${what} failed (${command} ${args.join(' ')})`);
    process.exit(result.status ?? 1);
  }
}

/** An esbuild plugin: `import.meta.url` in our modules stays the URL of the module's own source file, so the
 *  paths they find from it (the topology build, the renderer bundle, package.json) are the same bundled. */
const sourceFileUrls = {
  name: 'source-file-urls',
  setup(build) {
    build.onLoad({ filter: /\.(ts|mjs)$/ }, ({ path }) => {
      const source = readFileSync(path, 'utf8');
      if (path.includes('node_modules') || !source.includes('import.meta.url')) return undefined;
      const fromBundle = relative(join(root, 'server/dist'), path).split(sep).join('/');
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};

function newestIn(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs);
  }
  return newest;
}

// 1. npm dependencies, unless node_modules was installed from this very lock file: told by content, not by date,
// so a fresh clone (every file new) beside a node_modules installed from the same lock file installs nothing.
// npm ci empties node_modules first, so the record goes with it and is written again only once it succeeds. The
// Dockerfile writes the same record after its own npm ci.
const lockRecord = join(root, 'node_modules/.map-service-lock-hash');
const lockHash = createHash('sha256')
  .update(readFileSync(join(root, 'package-lock.json')))
  .digest('hex');
if (!existsSync(lockRecord) || readFileSync(lockRecord, 'utf8').trim() !== lockHash) {
  console.log('prepare: installing npm dependencies');
  run('npm', ['ci', '--no-audit', '--no-fund'], 'npm ci');
  writeFileSync(lockRecord, `${lockHash}\n`);
}
// npm's own record of what it installed, written anew by every install: its date is the installed packages' (see 4)
const installed = join(root, 'node_modules/.package-lock.json');

/** Debian's `pkg`, installed with apt-get when `present()` is false and we may (root, apt-get, and no
 *  `override` variable naming another executable); otherwise the reason and what to do, and exit 1. */
function debianPackage(pkg, { present, missing, override }) {
  if (present()) return;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && !process.env[override];
  if (!canInstall) {
    const instead = override ? ` or set ${override}` : '';
    console.error(`prepare: ${missing}. Install Debian's "${pkg}" package (sudo apt-get install ${pkg})${instead}.`);
    process.exit(1);
  }
  console.log(`prepare: installing Debian's ${pkg} package`);
  run('apt-get', ['update', '-q'], 'apt-get update');
  run('apt-get', ['install', '-y', '-q', '--no-install-recommends', pkg], `apt-get install ${pkg}`);
}
const testing = process.argv.includes('--test');
const unitOnly = process.argv.includes('--unit');

// 2. the pool's Chromium: Debian's headless shell, a Chromium without a window system (server/config.ts)
if (!unitOnly) {
  const chromium = process.env.CHROMIUM_PATH || '/usr/lib/chromium/chromium-headless-shell';
  debianPackage('chromium-headless-shell', {
    present: () => existsSync(chromium),
    missing: `Chromium not found at ${chromium}`,
    override: 'CHROMIUM_PATH',
  });
}

// 2b. for the tests: Debian's full Chromium, the browser a user opens the preview page and <img> maps in;
// redis-server, which the tests start on their own ports; poppler-utils, to read the text and page size of a
// PDF map (pdftotext, pdfinfo)
if (testing) {
  debianPackage('chromium', {
    present: () => existsSync('/usr/bin/chromium'),
    missing: 'the tests open pages in a full Chromium, not found at /usr/bin/chromium',
  });
  const redisServer = process.env.REDIS_SERVER || 'redis-server';
  debianPackage('redis-server', {
    present: () => spawnSync(redisServer, ['--version']).status === 0,
    missing: `${redisServer} not found; the tests need it`,
    override: 'REDIS_SERVER',
  });
  debianPackage('poppler-utils', {
    present: () => spawnSync('pdftotext', ['-v']).status === 0,
    missing: 'pdftotext not found; the tests need it to read PDF maps',
  });
}

// 3. topology, unless it was built from the inputs there are now, told by their content (its code, its data
// files and the packages it reads: topology/build-inputs.mjs, which the build asks too). Asked here, in plain
// Node, it costs milliseconds; the build itself would take half a second to load before it could tell.
if (topologyUpToDate(join(root, 'topology'))) {
  console.log('topology: up to date');
} else {
  run(process.execPath, ['--import', 'tsx', 'topology/make-scopes.ts', '--force'], 'topology build');
}

// 4. the font table and the renderer and preview bundles, when any of their sources is newer: the table and
// bundles come from installed packages (npm's record of what it installed
// changes with every install; the packages' own files keep npm's fixed 1985 mtime)
// the renderer's code and the lists it shares with the server (shared/)
const rendererCode = Math.max(newestIn(join(root, 'renderer-page')), newestIn(join(root, 'shared')));
const sources = Math.max(rendererCode, mtime(installed));
const outputs = ['font-metrics.json', 'renderer.js', 'renderer.js.map', 'preview.js', 'preview.js.map'].map((name) =>
  join(root, 'renderer-page/dist', name),
);
if (outputs.some((path) => mtime(path) < sources)) {
  run(process.execPath, ['--import', 'tsx', 'renderer-page/make/bundle.ts'], 'renderer bundle');
} else {
  console.log('renderer: up to date');
}

// 5. the service as plain JavaScript, when any of its code is newer: server/dist/main.mjs, which `npm start` runs,
// server/dist/svg-worker.mjs, which the SVG threads run, and server/dist/body-worker.mjs, which reads large bodies. Without tsx the process and each thread are spared
// its loader, its copies of the packages' sources and an esbuild process (about 20 MiB for the process, 25 MiB a
// thread), and start sooner. Packages stay imports. The tests run the TypeScript itself, through tsx.
const dist = join(root, 'server/dist');
// the code it is bundled from: the server's, the renderer's types, the shared lists and the topology's modules (not
// their build)
const topologyCode = readdirSync(join(root, 'topology'))
  .filter((name) => /\.(ts|mjs)$/.test(name))
  .map((name) => mtime(join(root, 'topology', name)));
const serverCode = Math.max(newestIn(join(root, 'server')), rendererCode, ...topologyCode);
const bundles = ['main.mjs', 'svg-worker.mjs', 'body-worker.mjs'].map((name) => join(dist, name));
if (bundles.some((path) => mtime(path) < Math.max(serverCode, mtime(installed)))) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: {
      main: join(root, 'server/main.ts'),
      'svg-worker': join(root, 'server/render/threads/svg-worker.ts'),
      'body-worker': join(root, 'server/request/body-worker.ts'),
    },
    outdir: dist,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [sourceFileUrls],
    logLevel: 'warning',
  });
  console.log('server: bundled server/dist/main.mjs, svg-worker.mjs and body-worker.mjs');
} else {
  console.log('server: up to date');
}

// 6. the place index (server/places/make-index.ts) beside the bundle, so that the service reads it rather than
// building it on its first place request: when it was made from another catalogue, or its code (the places' and
// the topology's, whose catalogue folds the keys) or the packages it reads from are newer.
const placesIndex = join(dist, 'places-index.bin');
/** The catalogue an index file was made from (index-file.ts's header), or null: its header alone is read, not
 *  the 15 MB after it. */
function indexCatalogue(path) {
  if (!existsSync(path)) return null;
  const fd = openSync(path, 'r');
  try {
    const length = Buffer.alloc(4);
    readSync(fd, length, 0, 4, 0);
    const header = Buffer.alloc(length.readUInt32LE(0));
    readSync(fd, header, 0, header.length, 4);
    return JSON.parse(header.toString('utf8')).catalogue;
  } finally {
    closeSync(fd);
  }
}
const { version } = JSON.parse(readFileSync(join(root, 'topology/build/catalogue.json'), 'utf8'));
const placesCode = Math.max(newestIn(join(root, 'server/places')), ...topologyCode, mtime(installed));
if (indexCatalogue(placesIndex) !== version || mtime(placesIndex) < placesCode) {
  run(process.execPath, ['--import', 'tsx', 'server/places/make-index.ts'], 'place index');
} else {
  console.log('places: up to date');
}
