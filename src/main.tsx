import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Theme } from '@radix-ui/themes';
// Radix Themes in styles.css's order, only the parts in use (src/theme.css, scripts/radix-css.ts).
import './theme.css';
import '@radix-ui/themes/components.css';
import '@radix-ui/themes/utilities.css';
import './styles.css';
import { App } from './app/app';
import { enableStatelyInspector } from './inspector/inspection-store';
import { installGlobalErrorHandler } from './app/global-errors';
import { installFocusReturn } from './ui/focus-return';

installGlobalErrorHandler();
installFocusReturn();
if (localStorage.getItem('statelyInspect') === '1') void enableStatelyInspector();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Theme accentColor="blue" grayColor="slate" radius="medium" scaling="100%">
      <App />
    </Theme>
  </StrictMode>,
);
