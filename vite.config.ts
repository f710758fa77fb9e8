import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** In `npm run dev`, the embedded server answers the Supabase paths; Vite serves the app with hot reload. */
const backEnd = `http://localhost:${process.env.API_PORT ?? '8787'}`;

/**
 * Compile-time constants, shared with the web tests. `__BUILD_YEAR__` is the year the page is prerendered in
 * (`npm run build` pins it in `BUILD_YEAR` for both of its Vite builds): the footer hydrates from it.
 */
export const define = {
  __BUILD_YEAR__: JSON.stringify(Number(process.env.BUILD_YEAR ?? new Date().getFullYear())),
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  define,
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { manifest: true },
  server: {
    proxy: {
      '/rest/v1': backEnd,
      '/functions/v1': backEnd,
      '/storage/v1': backEnd,
    },
  },
});
