declare module '*.md' {
  const doc: { html: string; headings: { id: string; text: string; depth: number }[] };
  export default doc;
}
