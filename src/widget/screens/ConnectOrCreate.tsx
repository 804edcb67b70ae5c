import { Landing } from './Landing.js';

/**
 * CONNECT_OR_CREATE (§2.2, §6): LANDING's view, whose wallet entries connect a wallet (LandingWallets
 * reads the screen name) and whose other methods log in with an embedded wallet created.
 */
export const ConnectOrCreate = Landing;
