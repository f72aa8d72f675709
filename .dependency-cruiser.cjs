/**
 * The import rules of docs/architecture.md, kept by `npm run lint`. Each names the arrow it
 * forbids; docs/architecture.md says why.
 */
const notTests = '(\\.test\\.tsx?$|^worker/test/|^worker/bench/|^e2e/|^bench/)';

module.exports = {
  forbidden: [
    {
      name: 'lib-imports-no-feature',
      comment: 'web/lib and web/components are below the features: they never import one.',
      severity: 'error',
      from: { path: '^web/(lib|components)/' },
      to: { path: '^web/features/' },
    },
    {
      name: 'feature-imports-no-other-feature',
      comment:
        'A feature stands alone: what two features share lives in web/lib or web/components.',
      severity: 'error',
      from: { path: '^web/features/([^/]+)/' },
      to: { path: '^web/features/', pathNot: '^web/features/$1/' },
    },
    {
      name: 'schema-imports-no-app',
      comment: 'schema/ is the contract both sides share: it imports neither web/ nor worker/.',
      severity: 'error',
      from: { path: '^schema/' },
      to: { path: '^(web|worker)/' },
    },
    {
      name: 'domain-imports-no-http',
      comment:
        'The product rules (worker/domain) know nothing of HTTP: no Hono, nothing of http/ or render/.',
      severity: 'error',
      from: { path: '^worker/domain/', pathNot: notTests },
      to: { path: '^(worker/(http|render)/|node_modules/(hono|hono-openapi|@hono)/)' },
    },
    {
      name: 'platform-imports-no-product',
      comment:
        'Platform adapters (worker/platform) serve the rest: they import no domain, http or render.',
      severity: 'error',
      from: { path: '^worker/platform/', pathNot: notTests },
      to: { path: '^worker/(domain|http|render|objects|jobs)/' },
    },
    {
      name: 'jobs-import-no-http',
      comment:
        'The cron and the queue consumers (worker/jobs) answer no request: no Hono, nothing of http/ or render/.',
      severity: 'error',
      from: { path: '^worker/jobs/', pathNot: notTests },
      to: { path: '^(worker/(http|render)/|node_modules/(hono|hono-openapi|@hono)/)' },
    },
    {
      name: 'objects-import-no-http-or-jobs',
      comment:
        'Durable Objects (worker/objects) sit below the routes and the jobs: no Hono, nothing of http/, render/ or jobs/.',
      severity: 'error',
      from: { path: '^worker/objects/', pathNot: notTests },
      to: { path: '^(worker/(http|render|jobs)/|node_modules/(hono|hono-openapi|@hono)/)' },
    },
    {
      name: 'only-render-imports-web',
      comment: 'The Worker reaches the web app only from worker/render.',
      severity: 'error',
      from: { path: '^worker/', pathNot: [notTests, '^worker/render/'] },
      to: { path: '^web/' },
    },
    {
      name: 'render-imports-web-through-its-entry',
      comment: 'worker/render reaches the web app through its one entry, web/server.tsx.',
      severity: 'error',
      from: { path: '^worker/render/' },
      to: { path: '^web/', pathNot: '^web/server\\.tsx$' },
    },
    {
      name: 'no-runtime-cycle',
      comment:
        'No module imports itself back through others at run time (type-only imports aside).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.wrangler|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
