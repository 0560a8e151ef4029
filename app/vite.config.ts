// The web app's build: React, served by the service under /app (src/webapp/static.ts).
// `npm run build:app` (and `npm start` when app/src is newer than app/dist) runs it.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/app/',
  plugins: [react()],
  // The draft editor imports the server's money module and state-machine table (../src).
  server: {
    fs: { allow: ['..'] },
    proxy: { '/app/api': 'http://127.0.0.1:8080', '/v1': 'http://127.0.0.1:8080' },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, target: 'es2022' },
});
