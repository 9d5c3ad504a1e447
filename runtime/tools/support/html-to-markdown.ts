/**
 * HTML → Markdown for WebFetch, with turndown: ATX headings, fenced code, `-` bullets, and the
 * parts of a page that are not content (the head with its title, scripts, styles, embedded frames) removed.
 */
import TurndownService from 'turndown';

let service: TurndownService | undefined;

export function htmlToMarkdown(html: string): string {
  if (service === undefined) {
    service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
    service.remove(['head', 'title', 'meta', 'link', 'script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed']);
  }
  return service.turndown(html).trim();
}
