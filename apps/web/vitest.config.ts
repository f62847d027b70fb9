import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // One module graph per worker: antd, React and the app's screens are imported once rather than per file (the web run
    // took three times as long). Testing Library unmounts after each test and the setup file resets what a test changed.
    isolate: false,
    testTimeout: 45_000,
  },
});
