import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: process.env['CLIENT_DIR'] ?? 'dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
