import { useRef } from 'react';
import { Button, Input, Space, Tooltip } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  rows?: number;
  'aria-label'?: string;
}

interface Tool {
  label: string;
  title: string;
  before: string;
  after: string;
}

const TOOLS: Tool[] = [
  { label: 'B', title: 'Bold', before: '<strong>', after: '</strong>' },
  { label: 'I', title: 'Italic', before: '<em>', after: '</em>' },
  { label: 'U', title: 'Underline', before: '<u>', after: '</u>' },
  { label: 'H2', title: 'Heading', before: '<h2>', after: '</h2>' },
  { label: 'P', title: 'Paragraph', before: '<p>', after: '</p>' },
  { label: '• List', title: 'Bulleted list', before: '<ul>\n  <li>', after: '</li>\n</ul>' },
  { label: 'Link', title: 'Link', before: '<a href="https://">', after: '</a>' },
];

/** HTML source editing with a small toolbar that wraps the selection in tags. */
export function RichTextEditor({ value = '', onChange, id, rows = 14, ...rest }: RichTextEditorProps) {
  const ref = useRef<TextAreaRef>(null);

  const apply = (tool: Tool) => {
    const el = ref.current?.resizableTextArea?.textArea;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const next = value.slice(0, start) + tool.before + value.slice(start, end) + tool.after + value.slice(end);
    onChange?.(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + tool.before.length, end + tool.before.length);
    });
  };

  return (
    <div>
      <Space.Compact style={{ marginBottom: 8 }} aria-label="Formatting toolbar">
        {TOOLS.map((t) => (
          <Tooltip key={t.title} title={t.title}>
            <Button size="small" aria-label={t.title} onClick={() => apply(t)}>
              {t.label}
            </Button>
          </Tooltip>
        ))}
      </Space.Compact>
      <Input.TextArea
        ref={ref}
        id={id}
        aria-label={rest['aria-label']}
        rows={rows}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 }}
      />
    </div>
  );
}
