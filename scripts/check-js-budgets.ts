// JavaScript budgets of the built SPA (issue 14), from Vite's manifest: what a browser downloads, gzipped, before
// a route can render on a first visit — the entry, the route's lazy chunks and everything they import
// statically. /login stays within 100 KB, every route within 200 KB; exits 1 when one is over. Run after the
// build (npm run test:e2e does): `node --import tsx scripts/check-js-budgets.ts`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;
// Decision 077: 104 KB since the route table names the games, e-mail and import pages.
const LOGIN_BUDGET = 104 * KB;
const ROUTE_BUDGET = 200 * KB;
const SHELL = 'src/app/shell/app-layout.tsx';
const UTILITIES = 'src/features/utilities/utilities-section.tsx';

const CHARACTERS = 'src/features/characters/characters-section.tsx';

/** Each route and the lazy modules (router.tsx) it renders. */
const ROUTES: Record<string, string[]> = {
  '/login': ['src/features/auth/login-page.tsx'],
  '/oauth/callback': ['src/features/auth/oauth-callback-page.tsx'],
  '/overview': [SHELL, 'src/features/overview/overview-page.tsx'],
  '/profile': [SHELL, 'src/features/profile/profile-page.tsx'],
  '/prestige-and-vip': [SHELL, 'src/features/prestige/prestige-page.tsx'],
  '/utilities/domain-list': [SHELL, UTILITIES, 'src/features/utilities/domain-list-page.tsx'],
  '/utilities/password-reset': [SHELL, UTILITIES, 'src/features/utilities/password-reset-page.tsx'],
  '/utilities/membership-lookup': [SHELL, UTILITIES, 'src/features/utilities/membership-lookup-page.tsx'],
  '/utilities/standards': [SHELL, UTILITIES, 'src/features/utilities/standards-page.tsx'],
  '/utilities/documentation': [SHELL, UTILITIES, 'src/features/utilities/documentation-page.tsx'],
  '/characters/list': [SHELL, CHARACTERS, 'src/features/characters/my-characters-page.tsx'],
  '/characters/list/:id': [
    SHELL,
    CHARACTERS,
    'src/features/characters/my-characters-page.tsx',
    'src/features/characters/character-detail-page.tsx',
  ],
  '/characters/vss-list': [SHELL, CHARACTERS, 'src/features/characters/character-search-page.tsx'],
  '/storyteller/vss-manager': [SHELL, 'src/features/storyteller/storyteller-section.tsx', 'src/features/storyteller/vss-list-page.tsx'],
  '/storyteller/vss-manager/:id': [
    SHELL,
    'src/features/storyteller/storyteller-section.tsx',
    'src/features/storyteller/vss-list-page.tsx',
    'src/features/storyteller/vss-detail-page.tsx',
  ],
  '/storyteller/character-census': [
    SHELL,
    'src/features/storyteller/storyteller-section.tsx',
    'src/features/storyteller/character-census-page.tsx',
  ],
  '/storyteller/plots': [SHELL, 'src/features/storyteller/storyteller-section.tsx', 'src/components/coming-soon.tsx'],
  '/storyteller/approvals': [
    SHELL,
    'src/features/storyteller/storyteller-section.tsx',
    'src/features/storyteller/approvals/approvals-page.tsx',
  ],
  '/storyteller/approvals/:id': [
    SHELL,
    'src/features/storyteller/storyteller-section.tsx',
    'src/features/storyteller/approvals/approvals-page.tsx',
    'src/features/storyteller/approvals/approval-detail-page.tsx',
  ],
  '/coordinator/members': [SHELL, 'src/features/coordinator/coordinator-page.tsx', 'src/features/coordinator/my-members-page.tsx'],
  '/coordinator/transfers': [SHELL, 'src/features/coordinator/coordinator-page.tsx', 'src/features/coordinator/transfers-page.tsx'],
  '/coordinator/prestige': [SHELL, 'src/features/coordinator/coordinator-page.tsx', 'src/features/coordinator/reach-prestige-page.tsx'],
  '/administration/members': [SHELL, 'src/features/administration/administration-page.tsx', 'src/features/administration/members-page.tsx'],
  '/administration/positions': [
    SHELL,
    'src/features/administration/administration-page.tsx',
    'src/features/administration/positions-page.tsx',
  ],
  '/administration/locations': [SHELL, 'src/features/administration/administration-page.tsx', 'src/features/administration/lists-page.tsx'],
  '/administration/audit-log': [SHELL, 'src/features/administration/administration-page.tsx', 'src/features/administration/audit-page.tsx'],
  '/administration/outbox': [SHELL, 'src/features/administration/administration-page.tsx', 'src/features/administration/outbox-page.tsx'],
  '/administration/import': [SHELL, 'src/features/administration/administration-page.tsx', 'src/features/administration/import-page.tsx'],
  '/games': [SHELL, 'src/features/games/games-page.tsx'],
  '/games/new': [SHELL, 'src/features/games/schedule-game-page.tsx'],
  '/games/:id': [SHELL, 'src/features/games/game-page.tsx'],
  '/games/:id/check-in': [SHELL, 'src/features/games/check-in-page.tsx'],
};
/** Lazy chunks fetched after their page is usable, never before it renders. */
const DEFERRED = ['../../packages/shared/src/rules/password-strength.ts'];

interface Chunk {
  file: string;
  imports?: string[];
  isDynamicEntry?: boolean;
}

const dist = path.resolve(import.meta.dirname, '..', 'apps', 'web', 'dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${path.relative(process.cwd(), manifestPath)}: run npm run build first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
const gzipped = new Map<string, number>();
const sizeOf = (file: string) => {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipped.set(file, size);
  }
  return size;
};

/** The JS files a module needs before it runs: itself and its static imports, transitively. */
function closure(keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest: update ROUTES in scripts/check-js-budgets.ts`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return files;
}

const failures: string[] = [];
const covered = new Set(Object.values(ROUTES).flat());
for (const [key, chunk] of Object.entries(manifest)) {
  if (chunk.isDynamicEntry && !covered.has(key) && !DEFERRED.includes(key))
    failures.push(`${key} is a lazy chunk no route in scripts/check-js-budgets.ts accounts for`);
}

console.log('First load of each route, JavaScript gzipped:');
for (const [route, modules] of Object.entries(ROUTES)) {
  const files = closure(['index.html', ...modules]);
  const total = [...files].reduce((sum, file) => sum + sizeOf(file), 0);
  const budget = route === '/login' ? LOGIN_BUDGET : ROUTE_BUDGET;
  const over = total > budget;
  console.log(`  ${over ? '✗' : '✓'} ${route.padEnd(30)} ${(total / KB).toFixed(1).padStart(6)} KB of ${budget / KB} KB`);
  if (over) failures.push(`${route} loads ${(total / KB).toFixed(1)} KB of JavaScript gzipped, over its ${budget / KB} KB budget`);
  for (const deferred of DEFERRED) {
    const file = manifest[deferred]?.file;
    if (file && files.has(file)) failures.push(`${route} loads ${deferred} before it renders; it must load after`);
  }
}

if (failures.length > 0) {
  for (const failure of failures) console.error(`✗ ${failure}`);
  process.exit(1);
}
