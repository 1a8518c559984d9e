import { describe, expect, it } from 'vitest';
import { sanitizeOrganizerHtml } from './html';

describe('sanitizeOrganizerHtml', () => {
  it('keeps formatting, links and images', () => {
    const out = sanitizeOrganizerHtml(
      '<p><strong>Hi</strong> <a href="https://x.org">site</a> <img src="/media/abc" alt="logo"></p>',
    );
    expect(out).toContain('<strong>Hi</strong>');
    expect(out).toContain('href="https://x.org"');
    expect(out).toContain('rel="noopener noreferrer"');
    expect(out).toContain('<img src="/media/abc" alt="logo" />');
  });

  it('removes scripts, handlers and javascript: links', () => {
    const out = sanitizeOrganizerHtml(
      '<p onclick="steal()">x</p><script>alert(1)</script><a href="javascript:alert(1)">y</a><iframe src="https://evil"></iframe><style>p{}</style>',
    );
    expect(out).not.toMatch(/script|onclick|javascript|iframe|style>/i);
    expect(out).toContain('<p>x</p>');
  });
});
