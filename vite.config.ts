/// <reference types="vitest/config" />
// One config for the client build (Vite) and both test suites (Vitest projects `unit` and `integration`).
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: '.',
  publicDir: false,
  plugins: [react()],
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/sanctum': 'http://127.0.0.1:8080', '/socket.io': { target: 'http://127.0.0.1:8080', ws: true } } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          globalSetup: ['tests/integration/globalSetup.ts'],
        },
      },
    ],
  },
});
