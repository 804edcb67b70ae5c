/// <reference path="./globals.d.ts" />
export * from './dist/types/src/package/wagmi.js';
