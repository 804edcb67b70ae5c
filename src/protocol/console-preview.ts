/**
 * The console's live preview of the login modal: a page of the console's build on the provider's
 * origin (served with the console's pages, framed only by them) that runs the built loader and
 * widget against an app's draft settings, handed to it by the console page with postMessage.
 */

/** The preview page, beside the console's pages. */
export const CONSOLE_PREVIEW_PATH = '/console/preview.html';

/** The meta tag that hands the preview page the API's origin, where the loader and widget are served. */
export const CONSOLE_PREVIEW_API_META = 'gatehouse-api-url';

/** The screens the preview draws: LANDING, and the code-entry screen after a stand-in send. */
export const PREVIEW_SCREENS = ['landing', 'code'] as const;
export type PreviewScreen = (typeof PREVIEW_SCREENS)[number];

/** The address the preview's code screen names; nothing is sent to it. */
export const PREVIEW_EMAIL = 'preview@example.com';

/** The preview page to the console page (its parent, same origin): ready for a draft. */
export const PREVIEW_READY = 'gatehouse-console-preview:ready';
/** The console page to the preview page: the draft configuration and the screen to draw. */
export const PREVIEW_DRAFT = 'gatehouse-console-preview:draft';
/** The preview page to the console page: the screen is drawn. */
export const PREVIEW_SHOWN = 'gatehouse-console-preview:shown';

export interface PreviewDraftMessage {
  type: typeof PREVIEW_DRAFT;
  screen: PreviewScreen;
  /** The app's configuration as `GET /api/v1/apps/:id` would answer it once the draft is saved. */
  config: { id: string } & Record<string, unknown>;
}
