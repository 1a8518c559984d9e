import { expect, test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's test with one rule for every journey: no page breaks its Content Security Policy.
 * The server sends a strict one (helmet, server/src/app.ts); what it refuses (an inline handler,
 * a script or style from elsewhere) does not run, and Chromium says so only as a console error,
 * which no journey would otherwise notice. Every page of the test's own browser context is heard.
 */
export const test = base.extend<{ securityPolicyKept: void }>({
  securityPolicyKept: [
    async ({ context }, use) => {
      const broken: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
          broken.push(`${message.page()?.url() ?? 'a page'}: ${message.text()}`);
      });
      await use();
      expect(broken, 'what a page did that its security policy refused').toEqual([]);
    },
    { auto: true },
  ],
});
