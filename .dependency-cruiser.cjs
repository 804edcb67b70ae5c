/**
 * The layer rules of DESIGN.md, checked by `npm run lint` (part of `npm test`):
 * protocol <- core <- widget; frame and server beside them; the server never takes browser code.
 */
const BROWSER_PACKAGES = '(^|/)node_modules/(preact|react|react-dom|@emotion|nanostores|happy-dom)/';
const UI_PACKAGES = '(^|/)node_modules/(preact|react|react-dom|@emotion)/';
module.exports = {
  forbidden: [
    {
      name: 'protocol-imports-nothing-of-ours',
      comment: 'src/protocol is types and data only: it imports nothing from the other layers.',
      severity: 'error',
      from: { path: '^src/protocol/' },
      to: { path: '^(src/(core|widget|server|frame|console)|loader)/' },
    },
    {
      name: 'protocol-has-no-dependencies',
      severity: 'error',
      from: { path: '^src/protocol/' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer'] },
    },
    {
      name: 'core-imports-only-protocol',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^(src/(widget|server|frame)|loader)/' },
    },
    {
      name: 'core-is-framework-free',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: UI_PACKAGES },
    },
    {
      name: 'widget-imports-core-and-protocol-only',
      severity: 'error',
      from: { path: '^src/widget/' },
      to: { path: '^(src/(server|frame)|loader)/' },
    },
    {
      name: 'frame-never-imports-widget',
      severity: 'error',
      from: { path: '^src/frame/' },
      to: { path: '^(src/(widget|server)|loader)/' },
    },
    {
      name: 'console-imports-only-protocol',
      comment:
        "The console's pages (src/console) talk to the provider over its API: they take only protocol constants.",
      severity: 'error',
      from: { path: '^src/console/' },
      to: { path: '^(src/(core|widget|server|frame|package)|loader)/' },
    },
    {
      name: 'server-never-imports-browser-code',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^(src/(core|widget|frame|console)|loader)/' },
    },
    {
      name: 'server-never-imports-browser-packages',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: BROWSER_PACKAGES },
    },
    {
      name: 'package-imports-only-protocol',
      comment:
        'The npm package (src/package) is load() and hooks over window.LoginWidget: it never bundles the widget.',
      severity: 'error',
      from: { path: '^src/package/' },
      to: { path: '^(src/(core|widget|server|frame)|loader)/' },
    },
    {
      name: 'loader-stays-tiny',
      comment: 'The loader imports only protocol constants and nanostores; the widget is loaded by URL.',
      severity: 'error',
      from: { path: '^loader/' },
      to: { path: '^src/(core|widget|server|frame)/' },
    },
    {
      name: 'routes-are-imported-only-by-the-app',
      comment:
        'A route file exports only its route functions, for app.ts: what routes share lives in src/server/http or the services.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/server/app\\.ts$' },
      to: { path: '^src/server/routes/' },
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
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
