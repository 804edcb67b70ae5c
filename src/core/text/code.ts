/**
 * The code screen's texts (AWAITING_PASSWORDLESS_CODE, §2.3): they load with that screen, after
 * LANDING has painted, not with the first modal.
 */
export const CODE_TEXT = {
  codeTitle: 'Enter confirmation code',
  codeSentTo: 'Please check your email for a code sent to',
  codeSentToPhone: 'Please check your phone for a code sent to',
  updateSuccess: 'Email updated successfully',
  codeResent: 'A new code is on its way.',
  didNotGetCode: "Didn't get a code?",
} as const;
