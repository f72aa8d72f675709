import { cloudflare } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const port = (fallback: number) => Number(process.env.PORT) || fallback;

export default defineConfig(({ command }) => ({
  publicDir: 'web/public',
  plugins: [
    react(),
    tailwindcss(),
    cloudflare({
      // Workers AI is remote-only: offline, image generation uses the local generator.
      remoteBindings: false,
      // `vite dev` is local development: the Worker may use its built-in development secret.
      config:
        command === 'serve' && process.env.npm_lifecycle_event !== 'preview'
          ? { vars: { ENVIRONMENT: 'development', APP_URL: `http://localhost:${port(5173)}` } }
          : undefined,
    }),
  ],
  server: { port: port(5173), strictPort: true },
  preview: { port: port(4173), strictPort: true },
}));
