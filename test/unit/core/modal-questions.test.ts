/**
 * The modal's typed questions (core/modal): an answer reaches the open task only when the task
 * waits on that very question. A stale button of another screen answers another question: it is
 * refused (false) and the flow keeps waiting.
 */
import { describe, expect, it } from 'vitest';
import { ModalController } from '../../../src/core/modal/modal.js';
import type { Question } from '../../../src/core/modal/question.js';
import { SCREENS } from '../../../src/protocol/screens.js';

const FUND: Question<'fund' | 'retry'> = { screen: SCREENS.embeddedWalletSendTransaction };
const RETRY_SIGN: Question = { screen: SCREENS.embeddedWalletSignRequest };

describe('ModalController.answer', () => {
  it('refuses an answer to another question, then takes the right one', async () => {
    const modal = new ModalController();
    const answers: string[] = [];
    const flow = modal.run(async (task) => {
      answers.push(await task.ask(FUND));
      return 'finished';
    });
    await Promise.resolve();

    expect(await modal.answer(RETRY_SIGN)).toBe(false);
    expect(answers).toEqual([]);
    expect(modal.hasTask).toBe(true);

    expect(await modal.answer(FUND, 'fund')).toBe(true);
    expect(answers).toEqual(['fund']);
    await expect(flow).resolves.toBe('finished');
  });

  it('refuses an answer when no task waits', async () => {
    const modal = new ModalController();
    expect(await modal.answer(FUND, 'retry')).toBe(false);
  });

  it('types the answer by the question', () => {
    const modal = new ModalController();
    // @ts-expect-error: 'next' is no answer to FUND.
    void modal.answer(FUND, 'next');
    // @ts-expect-error: FUND needs an answer.
    void modal.answer(FUND);
    // @ts-expect-error: RETRY_SIGN takes none.
    void modal.answer(RETRY_SIGN, 'retry');
  });
});
