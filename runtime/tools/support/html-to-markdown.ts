/**
 * HTML → Markdown for WebFetch, with turndown: ATX headings, fenced code, `-` bullets, and the
 * parts of a page that are not content (the head with its title, scripts, styles, embedded frames) removed.
 */
import type TurndownService from 'turndown';

let service: TurndownService | undefined;

/** Converts `html`; turndown is loaded on first use, so tool start-up does not pay for it. */
export async function htmlToMarkdown(html: string): Promise<string> {
  if (service === undefined) {
    const { default: Turndown } = await import('turndown');
    service = new Turndown({
      headingStyle: 'atx',
      codeBlockStyle: 'fenced',
      bulletListMarker: '-',
    });
    service.remove([
      'head',
      'title',
      'meta',
      'link',
      'script',
      'style',
      'noscript',
      'template',
      'iframe',
      'object',
      'embed',
    ]);
  }
  return service.turndown(html).trim();
}
