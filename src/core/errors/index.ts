export { passwordlessCodeMessage } from './code-message.js';
export { type ErrorScreenContent, errorScreenFor } from './error-screen.js';
export {
  clientError,
  GatehouseError,
  type GatehouseErrorInit,
  type GatehouseErrorType,
  toGatehouseError,
} from './gatehouse-error.js';
export { INVALID_APP_ID_MESSAGE, MESSAGES } from './messages.js';
export { ERROR_SCREEN_TEXT, UI_TEXT } from './ui-text.js';
