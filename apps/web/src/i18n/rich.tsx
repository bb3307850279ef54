import { Fragment, type ReactNode } from 'react';
import { type MessageId, t } from './i18n';

type TagRenderer = (children: ReactNode) => ReactNode;

/**
 * A message with markup in it ("Read our <link>terms</link>"), as React nodes: each `<name>…</name>` in the
 * translation is drawn by `tags[name]`. String values stand in as markers while the tags are split, so a value
 * (a path a visitor typed, say) is always text, never markup.
 */
export function tRich(
  id: MessageId,
  values: Record<string, unknown>,
  tags: Record<string, TagRenderer>,
): ReactNode[] {
  const strings: string[] = [];
  const marked = Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      if (typeof value !== 'string') return [name, value];
      strings.push(value);
      return [name, `\uE000${strings.length - 1}\uE000`];
    }),
  );
  const text = t(id, marked);
  const unmark = (s: string): ReactNode[] =>
    s.split(/\uE000(\d+)\uE000/).map((part, i) => (i % 2 ? strings[Number(part)] : part));
  const out: ReactNode[] = [];
  const pattern = /<([a-zA-Z][\w-]*)>([\s\S]*?)<\/\1>/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    out.push(...unmark(text.slice(last, match.index)));
    const render = tags[match[1] as string];
    const children = <Fragment>{unmark(match[2] as string)}</Fragment>;
    out.push(<Fragment key={out.length}>{render ? render(children) : children}</Fragment>);
    last = match.index + match[0].length;
  }
  out.push(...unmark(text.slice(last)));
  return out.filter((node) => node !== '');
}
