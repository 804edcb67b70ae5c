// The server helpers' types (`@gatehousejs/widget/server`): those of src/package/server.ts, emitted into dist/types.
export * from './dist/types/src/package/server.js';
