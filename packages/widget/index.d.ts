// The package's types: those of src/package/index.ts (emitted into dist/types by `npm run build:package`),
// plus `window.LoginWidget` and the widget's DOM events on `window` (globals.d.ts).
/// <reference path="./globals.d.ts" />
export * from './dist/types/src/package/index.js';
