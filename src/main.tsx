import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Theme } from '@radix-ui/themes';
import '@radix-ui/themes/styles.css';
import './styles.css';
import { App } from './app/app';
import { enableStatelyInspector } from './inspector/inspection-store';
import { installGlobalErrorHandler } from './app/global-errors';

installGlobalErrorHandler();
if (localStorage.getItem('statelyInspect') === '1') void enableStatelyInspector();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Theme accentColor="blue" grayColor="slate" radius="medium" scaling="100%">
      <App />
    </Theme>
  </StrictMode>,
);
