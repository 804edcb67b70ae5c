#!/usr/bin/env node
// The `gatehouse` command (`gatehouse --help` lists them all). Needs `npm run build:node` first.
import { main } from '../dist/node/server/cli.js';

await main();
