// The one accordion (SPEC §4: one open section per level), on Radix so headers follow WAI-ARIA's accordion
// pattern: Enter/Space toggle, ArrowUp/ArrowDown/Home/End move between the headers of one level. A panel's
// content mounts only while it is open, so opening an entry is what loads it.
import * as RadixAccordion from '@radix-ui/react-accordion';
import type { ReactNode } from 'react';
import styles from './accordion.module.css';

export function Accordion({
  value,
  onValueChange,
  depth = 0,
  children,
}: {
  /** The open item's value, or '' when all are closed. */
  value: string;
  onValueChange: (value: string) => void;
  depth?: number;
  children: ReactNode;
}) {
  return (
    <RadixAccordion.Root type="single" collapsible value={value} onValueChange={onValueChange} asChild>
      <ul className={styles.accordion} data-depth={depth}>
        {children}
      </ul>
    </RadixAccordion.Root>
  );
}

export function AccordionItem({
  value,
  name,
  after,
  children,
}: {
  value: string;
  /** The header's main text. */
  name: ReactNode;
  /** Shown after the name in the header (a code, a count, a badge). */
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <RadixAccordion.Item value={value} asChild>
      <li className={styles.item}>
        <RadixAccordion.Header className={styles.heading}>
          <RadixAccordion.Trigger className={styles.trigger}>
            <span aria-hidden="true" className={styles.chevron}>
              ▸
            </span>
            <span className={styles.name}>{name}</span>
            {after}
          </RadixAccordion.Trigger>
        </RadixAccordion.Header>
        <RadixAccordion.Content className={styles.panel}>{children}</RadixAccordion.Content>
      </li>
    </RadixAccordion.Item>
  );
}
