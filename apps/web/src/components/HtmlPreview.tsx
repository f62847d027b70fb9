/**
 * Shows stored HTML (documents, email bodies) in a sandboxed frame: no scripts, no access to
 * the app's origin or token, whatever the HTML contains.
 */
export function HtmlPreview({ html, title, height = 320 }: { html: string; title: string; height?: number }) {
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={html}
      style={{ width: '100%', height, border: '1px solid #e5e8eb', borderRadius: 6, background: '#fff' }}
    />
  );
}
