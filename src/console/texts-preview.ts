/** The texts of the login modal's preview beside an app's settings. */
export const PREVIEW_TEXT = {
  heading: 'Preview',
  screen: 'Screen',
  screens: { landing: 'LANDING', code: 'Code entry' },
  hint:
    'The widget as visitors will see it with the settings in the form, before they are saved. ' +
    'A picture only: nothing in it can be clicked and no code is sent.',
  review:
    "The wallet's send review is not shown: it needs a signed-in user with a wallet, and the " +
    "provider's wallet frame draws it.",
  frame: (screen: string) => `Login modal preview: ${screen}`,
  drawing: 'Drawing the preview…',
} as const;
