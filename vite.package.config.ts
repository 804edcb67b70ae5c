/** The npm package's JavaScript (packages/widget/dist): ES modules, React and nanostores left to the app. */
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
      entry: { index: 'src/package/index.ts', react: 'src/package/react.ts' },
      formats: ['es'],
    },
    rollupOptions: {
      external: ['react', 'nanostores', '@nanostores/react'],
      output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
