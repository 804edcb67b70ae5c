/**
 * The npm package's JavaScript (packages/widget/dist): ES modules, React, Vue, nanostores, jose and
 * wagmi left to the app. dist/react.js starts with "use client" (Rollup drops a module's own directives when it
 * bundles), so that a Next.js server component can render <GatehouseProvider>.
 */
import { defineConfig } from 'vite';

export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'packages/widget/dist',
    emptyOutDir: false,
    target: 'es2020',
    sourcemap: true,
    minify: false,
    lib: {
      entry: {
        index: 'src/package/index.ts',
        react: 'src/package/react.ts',
        server: 'src/package/server.ts',
        vue: 'src/package/vue.ts',
        svelte: 'src/package/svelte.ts',
        wagmi: 'src/package/wagmi.ts',
      },
      formats: ['es'],
    },
    rollupOptions: {
      external: ['react', 'vue', 'nanostores', 'jose', '@wagmi/core', 'viem'],
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: '[name]-[hash].js',
        banner: (chunk) => (chunk.isEntry && chunk.name === 'react' ? "'use client';" : ''),
      },
    },
  },
});
