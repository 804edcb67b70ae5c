/**
 * The operator console's pages (served at /console/ by the provider when the console is on): the
 * sign-in form, or the signed-in operator's apps and audit log.
 */
import createEmotion from '@emotion/css/create-instance';
import { render } from 'react-dom';
import { CONSOLE_NONCE_META } from '../protocol/console.js';
import { App } from './App.js';
import { EmotionContext, StylesContext } from './context.js';
import { start } from './store.js';
import { createStyles } from './styles.js';

const nonce = document.querySelector<HTMLMetaElement>(`meta[property="${CONSOLE_NONCE_META}"]`)?.nonce;
const emotion = createEmotion({ key: 'console', nonce });
const styles = createStyles(emotion);
const root = document.getElementById('console');
if (root)
  render(
    <EmotionContext.Provider value={emotion}>
      <StylesContext.Provider value={styles}>
        <App />
      </StylesContext.Provider>
    </EmotionContext.Provider>,
    root,
  );
void start();
