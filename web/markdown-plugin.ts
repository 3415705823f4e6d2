import hljs from 'highlight.js/lib/common';
import { Marked } from 'marked';
import type { Plugin } from 'vite';

// Documentation pages are markdown rendered at build time: `import doc from './x.md'` yields
// { html, headings }. The browser receives finished, highlighted HTML and no markdown parser.

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function renderMarkdown(source: string): { html: string; headings: { id: string; text: string; depth: number }[] } {
  const headings: { id: string; text: string; depth: number }[] = [];
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth }) {
        const text = this.parser.parseInline(tokens);
        const id = slug(text);
        headings.push({ id, text: text.replace(/<[^>]+>/g, ''), depth });
        return `<h${depth} id="${id}">${text}</h${depth}>\n`;
      },
      code({ text, lang }) {
        const language = lang && hljs.getLanguage(lang) ? lang : undefined;
        const body = language ? hljs.highlight(text, { language }).value : escapeHtml(text);
        return `<pre><code class="hljs${language ? ` language-${language}` : ''}">${body}</code></pre>\n`;
      },
    },
  });
  const html = marked.parse(source, { async: false });
  return { html, headings };
}

export function markdownPlugin(): Plugin {
  return {
    name: 'quality-desk-markdown',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('.md')) return null;
      return { code: `export default ${JSON.stringify(renderMarkdown(code))};`, map: null };
    },
  };
}
