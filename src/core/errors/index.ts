export { passwordlessCodeMessage } from './code-message.js';
export { type ErrorScreenContent, errorScreenFor } from './error-screen.js';
export {
  CLIENT_ERROR_CODES,
  clientError,
  GatehouseError,
  type GatehouseErrorInit,
  type GatehouseErrorType,
  toGatehouseError,
} from './gatehouse-error.js';
export { ERROR_SCREEN_TEXT, INVALID_APP_ID_MESSAGE, MESSAGES, UI_TEXT } from './messages.js';
