import { expect, test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's test with two rules for every journey, over every page of the test's own browser
 * context: no page breaks its Content Security Policy, and no page throws an error that nothing
 * catches. The server sends a strict policy (helmet, server/src/app.ts); what it refuses (an
 * inline handler, a script or style from elsewhere) does not run, and Chromium says so only as a
 * console error. An uncaught error may leave the screen looking right. A journey would otherwise
 * pass over both.
 */
export const test = base.extend<{ pagesKeptClean: void }>({
  pagesKeptClean: [
    async ({ context }, use) => {
      const broken: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
          broken.push(`${message.page()?.url() ?? 'a page'}: ${message.text()}`);
      });
      const thrown: string[] = [];
      context.on('weberror', (error) => thrown.push(`${error.page()?.url() ?? 'a page'}: ${error.error().message}`));
      await use();
      expect(broken, 'what a page did that its security policy refused').toEqual([]);
      expect(thrown, 'errors a page threw and nothing caught').toEqual([]);
    },
    { auto: true },
  ],
});
