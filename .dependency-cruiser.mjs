// `npm run lint:cycles`: no module may import itself through others, type-only imports included
// (a cycle of `import type`s still ties the files together for every reader and refactoring).
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Import cycle: move what both sides need to a leaf module (domain/, server/src/lib/, a types file).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'context-is-a-foundation',
      severity: 'error',
      comment:
        'server/src/context.ts names what every module receives: it may reach only foundations (config, db/, lib/, the hub, the gateways), never a feature or a service built on the context.',
      from: { path: '^server/src/context[.]ts$' },
      to: { path: '^server/src/(features|notifications|jobs|mail|security|cli)/', reachable: true },
    },
    {
      name: 'bidder-features-not-console',
      severity: 'error',
      comment:
        "A bidder's feature (the phone's cart, checkout, the store, bids...) never imports the organizer console: what both need lives in server/src/money/ (the ledger, settlement), server/src/lib/ (the audit log) or a shared feature (features/receipts).",
      from: { path: '^server/src/features/(?!console/)(?!.*[.]test[.]ts$)' },
      to: { path: '^server/src/features/console/' },
    },
    {
      name: 'money-below-features',
      severity: 'error',
      comment:
        'The money room (server/src/money/) is a foundation of the desk, charge all and the phone: it never imports the console.',
      from: { path: '^server/src/money/(?!.*[.]test[.]ts$)' },
      to: { path: '^server/src/features/console/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    // `@gavel/domain` is a workspace link into domain/src: follow it so cycles through the domain are seen too.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
