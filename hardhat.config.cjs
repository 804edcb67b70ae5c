// The local dev chain of the demo and the tests (Hardhat Network, served by scripts/dev-chain.cjs).
// No contracts: nothing is compiled, so Hardhat never fetches a Solidity compiler.
/** @type {import('hardhat/config').HardhatUserConfig} */
module.exports = {
  defaultNetwork: 'hardhat',
  networks: {
    hardhat: {
      chainId: 31337,
      // Each transaction is mined into its own block as soon as it arrives.
      mining: { auto: true, interval: 0 },
      // Hardhat's publicly known dev accounts: 20 of them, 10,000 ETH each, the same on every run.
      accounts: {
        mnemonic: 'test test test test test test test test test test test junk',
        count: 20,
        accountsBalance: '10000000000000000000000',
      },
      // Do not print every JSON-RPC call (the demo's terminal shows the login codes).
      loggingEnabled: false,
    },
  },
  paths: { cache: './node_modules/.cache/hardhat', artifacts: './node_modules/.cache/hardhat/artifacts' },
};
