/** React source is shipped as preact/compat: these aliases are shared by the builds and the tests. */
export const preactAliases = [
  { find: /^react-dom(\/.*)?$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
