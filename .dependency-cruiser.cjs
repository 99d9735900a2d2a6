/**
 * The layer rules (docs/architecture.md), checked by `npm run layers:check` inside `npm test`.
 * Each rule's name and comment are what a violation prints.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import circles are not allowed: move what both modules need into a third one.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'domain/ holds pure shared rules: it imports nothing of ours outside domain/.',
      from: { path: '^domain/' },
      to: { path: '^(src|server|machines|openapi|tests|e2e|bench|scripts)/' },
    },
    {
      name: 'generated-contract-is-leaf',
      severity: 'error',
      comment: 'openapi/generated is generated from the contract: it imports nothing of ours.',
      from: { path: '^openapi/generated/' },
      to: { path: '^(domain|src|server|machines|tests|e2e|bench|scripts)/' },
    },
    {
      name: 'machines-import-domain-and-types-only',
      severity: 'error',
      comment:
        'machines/ are pure: they import only domain/, the generated contract types and other machines.',
      from: { path: '^machines/' },
      to: { path: '^(src|server|tests|e2e|bench|scripts)/' },
    },
    {
      name: 'machines-no-react',
      severity: 'error',
      comment: 'machines/ are pure: no React.',
      from: { path: '^machines/' },
      to: { path: '^node_modules/(react|react-dom|@xstate/react|@radix-ui)/' },
    },
    {
      name: 'client-not-server',
      severity: 'error',
      comment: 'src/ (the client) never imports server/: share a rule through domain/.',
      from: { path: '^src/' },
      to: { path: '^(server|tests|e2e|bench|scripts)/' },
    },
    {
      name: 'server-not-client',
      severity: 'error',
      comment: 'server/ never imports src/ (the client): share a rule through domain/.',
      from: { path: '^server/' },
      to: { path: '^(src|tests|e2e|bench)/' },
    },
    {
      name: 'server-no-react',
      severity: 'error',
      comment: 'server/ never imports React or the client UI libraries.',
      from: { path: '^server/' },
      to: { path: '^node_modules/(react|react-dom|@xstate/react|@radix-ui|react-pdf|react-router)/' },
    },
    {
      name: 'features-do-not-import-each-other',
      severity: 'error',
      comment:
        'A feature (src/features/<area>) never imports another feature: move what two features share to src/ui or a shared module.',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'shared-client-not-features',
      severity: 'error',
      comment:
        'Shared client code (src/ui, src/api, src/core, src/shared) never imports a feature; only src/app wires features in.',
      from: { path: '^src/(ui|api|core|inspector|shared)/' },
      to: { path: '^src/(features|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|data|reports|docs|test-results|playwright-report)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
