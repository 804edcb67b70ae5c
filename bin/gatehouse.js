#!/usr/bin/env node
// The `gatehouse` command: serve, migrate, apps create|show|set. Needs `npm run build:node` first.
import { main } from '../dist/node/server/cli.js';

await main();
