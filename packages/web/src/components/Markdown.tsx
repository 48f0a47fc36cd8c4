/**
 * A small Markdown renderer for our rules documents: headings, paragraphs, lists, tables, bold,
 * italics, code and links (as text). It builds React elements, never HTML strings.
 */
import type { ReactNode } from 'react';

function inline(text: string, key = 0): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /(`[^`]+`)|(\*\*[^*]+\*\*)|(\*[^*\s][^*]*\*)|(\[([^\]]+)\]\(([^)]+)\))/g;
  let last = 0;
  let m: RegExpExecArray | null;
  let k = key;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const token = m[0];
    if (m[1]) out.push(<code key={k++}>{token.slice(1, -1)}</code>);
    else if (m[2]) out.push(<strong key={k++}>{inline(token.slice(2, -2), k * 100)}</strong>);
    else if (m[3]) out.push(<em key={k++}>{inline(token.slice(1, -1), k * 100)}</em>);
    else out.push(<span key={k++}>{m[5]}</span>);
    last = m.index + token.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export interface Section {
  readonly level: number;
  readonly title: string;
  readonly body: string[];
}

/** Splits a document into its sections by heading. */
export function sections(markdown: string): Section[] {
  const out: Section[] = [];
  let current: Section = { level: 0, title: '', body: [] };
  for (const line of markdown.split('\n')) {
    const h = /^(#{1,4})\s+(.*)$/.exec(line);
    if (h) {
      out.push(current);
      current = { level: h[1]!.length, title: h[2]!, body: [] };
    } else current.body.push(line);
  }
  out.push(current);
  return out;
}

/** The blocks of a section body: paragraphs, lists, tables and code. */
export function Blocks({ lines }: { lines: readonly string[] }) {
  const blocks: ReactNode[] = [];
  let i = 0;
  let key = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    if (line.startsWith('```')) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.startsWith('```')) code.push(lines[i++]!);
      i++;
      blocks.push(<pre key={key++}>{code.join('\n')}</pre>);
      continue;
    }
    if (line.startsWith('|')) {
      const rows: string[][] = [];
      while (i < lines.length && lines[i]!.startsWith('|')) {
        const cells = lines[i]!.trim()
          .replace(/^\||\|$/g, '')
          .split('|')
          .map((c) => c.trim());
        if (!cells.every((c) => /^:?-+:?$/.test(c))) rows.push(cells);
        i++;
      }
      const [head, ...body] = rows;
      blocks.push(
        <div className="table-scroll" key={key++}>
          <table>
            <thead>
              <tr>
                {head?.map((c, j) => (
                  <th key={j} scope="col">
                    {inline(c)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {body.map((r, j) => (
                <tr key={j}>
                  {r.map((c, n) => (
                    <td key={n}>{inline(c)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>,
      );
      continue;
    }
    const bullet = /^(\s*)([-*]|\d+\.)\s+(.*)$/.exec(line);
    if (bullet) {
      const ordered = /\d/.test(bullet[2]!);
      const items: string[] = [];
      while (i < lines.length) {
        const l = lines[i]!;
        const b = /^\s*([-*]|\d+\.)\s+(.*)$/.exec(l);
        if (b) items.push(b[2]!);
        else if (l.trim() && /^\s+/.test(l) && items.length) items[items.length - 1] += ' ' + l.trim();
        else break;
        i++;
      }
      const children = items.map((it, j) => <li key={j}>{inline(it)}</li>);
      blocks.push(ordered ? <ol key={key++}>{children}</ol> : <ul key={key++}>{children}</ul>);
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && lines[i]!.trim() && !/^(\s*([-*]|\d+\.)\s|\||```)/.test(lines[i]!))
      para.push(lines[i++]!.trim());
    blocks.push(<p key={key++}>{inline(para.join(' '))}</p>);
  }
  return <>{blocks}</>;
}
