import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { radixComponentsCss } from './scripts/radix-css';

export default defineConfig({
  plugins: [react(), radixComponentsCss()],
  build: {
    outDir: process.env['CLIENT_DIR'] ?? 'dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
