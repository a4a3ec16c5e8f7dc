/** Layer rules: the domain and the projections stay pure and know nothing of adapters or wiring. */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment:
        'domain/ holds types, deciders and rules only: no adapters, no composition root, no projections.',
      severity: 'error',
      from: { path: '^domain/' },
      to: { path: '^(adapters|src|projections)/' },
    },
    {
      name: 'projections-are-pure',
      comment:
        'projections/ are pure functions from events to changes: they may use domain/, nothing else of ours.',
      severity: 'error',
      from: { path: '^projections/' },
      to: { path: '^(adapters|src)/' },
    },
    {
      name: 'adapters-do-not-reach-up',
      comment: 'adapters implement ports; they do not import the composition root.',
      severity: 'error',
      from: { path: '^adapters/' },
      to: { path: '^src/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(dist|node_modules|test|bench)/' },
  },
};
