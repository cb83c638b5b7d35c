// The legal pages' Markdown, rendered on the server (decision 0044). markdown-it with `html`
// off never passes HTML through: a typed <script> or <img onerror> comes out as text, and its
// link check refuses javascript:, vbscript: and data: (other than images) addresses. So what
// the admin writes cannot put a script on a public page, with no sanitiser to keep in step.
import MarkdownIt from "markdown-it";

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

// Links that leave the site open in a new tab without handing it this page (noopener).
const defaultLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx]!.attrGet("href") ?? "");
  if (/^https?:\/\//i.test(href)) {
    tokens[idx]!.attrSet("rel", "noopener noreferrer");
    tokens[idx]!.attrSet("target", "_blank");
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** HTML safe to put in a page from Markdown anyone with the admin's pen wrote. */
export function renderMarkdown(text: string): string {
  return markdown.render(text);
}
