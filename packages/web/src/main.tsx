import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { initI18n } from './i18n/index.ts';
import './styles.css';

await initI18n();
// The service worker keeps the app for offline use (production builds only: it would cache the
// dev server's modules). It is registered after the person's first interaction (a tap, a click,
// a key), so that its precache never competes with the first page load; a returning visitor's
// worker is already installed and needs no new registration to serve.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const events = ['pointerdown', 'keydown'] as const;
  const register = () => {
    for (const e of events) removeEventListener(e, register, true);
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  };
  navigator.serviceWorker
    .getRegistration()
    .then((existing) => {
      if (existing) register();
      else for (const e of events) addEventListener(e, register, { capture: true, passive: true });
    })
    .catch(() => undefined);
}
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
