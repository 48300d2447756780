import type { ReactNode } from 'react';

import { Container } from '../../ui/components/Container';
import { PageHero } from '../../ui/components/PageHero';
import { LEGAL } from '../utils/legal-constants';

import styles from './LegalDocument.module.css';

export type LegalSection = {
  id: string;
  title: string;
  body: ReactNode;
};

type LegalDocumentProps = {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  /** Plain-language key points shown before the full text. */
  summary: readonly ReactNode[];
  sections: readonly LegalSection[];
};

export const LegalDocument = ({ eyebrow, title, intro, summary, sections }: LegalDocumentProps) => (
  <>
    <PageHero
      eyebrow={eyebrow}
      title={title}
      intro={intro}
      meta={`Last updated: ${LEGAL.lastUpdated} · Effective: ${LEGAL.effectiveDate}`}
    />
    <Container className={styles.layout}>
      <nav className={styles.toc} aria-label="On this page">
        <p className={styles.tocTitle}>On this page</p>
        <ol className={styles.tocList}>
          {sections.map((section) => (
            <li key={section.id}>
              <a className={styles.tocLink} href={`#${section.id}`}>
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <article className={styles.article}>
        <aside className={styles.summary} aria-labelledby="summary-title">
          <h2 id="summary-title">The short version</h2>
          <ul>
            {summary.map((point, index) => (
              <li key={index}>{point}</li>
            ))}
          </ul>
        </aside>
        {sections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            className={styles.section}
            aria-labelledby={`${section.id}-title`}
          >
            <h2 id={`${section.id}-title`}>{section.title}</h2>
            {section.body}
          </section>
        ))}
      </article>
    </Container>
  </>
);

export const LegalTable = ({
  head,
  rows,
}: {
  head: readonly string[];
  rows: readonly (readonly ReactNode[])[];
}) => (
  // Focusable so keyboard users can scroll a wide table on small screens.
  <div className={styles.tableWrap} role="region" aria-label={head.join(', ')} tabIndex={0}>
    <table>
      <thead>
        <tr>
          {head.map((cell) => (
            <th key={cell} scope="col">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            {row.map((cell, cellIndex) => (
              <td key={cellIndex}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);
