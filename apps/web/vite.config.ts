import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.GUILDHALL_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': api,
      '/sso': api,
      '/interaction': api,
      '/interaction-assets': api,
    },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 600 },
});
