/** The console's texting calls (tag `console`, issue 30): filled by the area. */
export const consoleTextingCalls = {} as const;
