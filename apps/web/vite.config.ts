import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.GUILDHALL_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    strictPort: true,
    // Keep the browser's Host: the SSO provider builds its endpoint URLs from it.
    proxy: Object.fromEntries(
      ['/api', '/sso', '/interaction', '/interaction-assets'].map((path) => [path, { target: api, changeOrigin: false }]),
    ),
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 600 },
});
