/**
 * The npm package's JavaScript (packages/widget/dist): ES modules, React, Vue, nanostores and jose
 * left to the app. dist/react.js starts with "use client" (Rollup drops a module's own directives when it
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
      },
      formats: ['es'],
    },
    rollupOptions: {
      external: ['react', 'vue', 'nanostores', 'jose'],
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: '[name]-[hash].js',
        banner: (chunk) => (chunk.isEntry && chunk.name === 'react' ? "'use client';" : ''),
      },
    },
  },
});
